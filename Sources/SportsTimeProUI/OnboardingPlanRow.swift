#if canImport(SwiftUI)
  import SportsTimePro
  import SwiftUI

  /// One plan of the onboarding's pricing page: the plan's name with its tag, caption and the
  /// offer's terms when the model gives them, and its billed price (the row's most prominent figure) with how often it is billed, in the
  /// chrome of a ``SelectablePlan``.
  struct OnboardingPlanRow: View {
    @Environment(\.paywallTheme) private var theme
    private let row: OnboardingPaywallModel.PlanRow
    private let select: @MainActor () -> Void

    init(row: OnboardingPaywallModel.PlanRow, select: @escaping @MainActor () -> Void) {
      self.row = row
      self.select = select
    }

    var body: some View {
      SelectablePlan(isSelected: row.isSelected, select: select) {
        HStack(spacing: theme.spacing) {
          VStack(alignment: .leading, spacing: 2) {
            HStack(spacing: theme.smallSpacing) {
              Text(row.title).font(theme.headlineFont)
              if let tag = row.tag {
                AccentCapsule(tag)
              }
            }
            Text(row.caption)
              .secondaryCaption()
            if let terms = row.offerTerms {
              Text(terms)
                .secondaryCaption()
            }
          }
          Spacer(minLength: theme.smallSpacing)
          VStack(alignment: .trailing, spacing: 2) {
            Text(row.billedPrice).font(theme.priceFont)
            Text(row.billingPeriod)
              .secondaryCaption()
          }
        }
      }
    }
  }
#endif
