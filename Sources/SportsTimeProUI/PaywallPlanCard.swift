#if canImport(SwiftUI)
  import SportsTimePro
  import SwiftUI

  /// One pricing card of the paywall: the plan's name, its billed price (the most prominent
  /// figure), how often it is billed, the price of a month, the offer's terms and the savings
  /// badge when the model gives them, in the chrome of a ``SelectablePlan``.
  struct PaywallPlanCard: View {
    @Environment(\.paywallTheme) private var theme
    private let card: PaywallModel.PlanCard
    private let select: @MainActor () -> Void

    init(card: PaywallModel.PlanCard, select: @escaping @MainActor () -> Void) {
      self.card = card
      self.select = select
    }

    var body: some View {
      SelectablePlan(isSelected: card.isSelected, select: select) {
        VStack(spacing: theme.smallSpacing) {
          Text(card.title).font(theme.headlineFont)
          Text(card.billedPrice)
            .font(theme.priceFont)
            .lineLimit(1)
            .minimumScaleFactor(0.6)
          Text(card.billingPeriod)
            .secondaryCaption()
          if let perMonth = card.pricePerMonth {
            Text(perMonth)
              .secondaryCaption()
          }
          if let terms = card.offerTerms {
            Text(terms)
              .secondaryCaption()
              .multilineTextAlignment(.center)
          }
          if let badge = card.savingsBadge {
            AccentCapsule(badge)
          }
        }
        .frame(maxWidth: .infinity)
      }
    }
  }
#endif
