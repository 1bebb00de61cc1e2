#if canImport(SwiftUI)
  import SportsTimePro
  import SwiftUI

  /// One row of the paywall's feature list: the feature's icon, name and description, and a
  /// check mark, on a card.
  struct PaywallFeatureRow: View {
    @Environment(\.paywallTheme) private var theme
    private let row: PaywallModel.FeatureRow

    init(row: PaywallModel.FeatureRow) {
      self.row = row
    }

    var body: some View {
      HStack(spacing: theme.spacing) {
        Image(systemName: row.icon)
          .font(theme.iconFont)
          .foregroundStyle(theme.accent)
          .frame(width: theme.featureIconWidth)
          .accessibilityHidden(true)
        VStack(alignment: .leading, spacing: 2) {
          Text(row.title).font(theme.headlineFont)
          Text(row.description)
            .secondaryCaption()
            .fixedSize(horizontal: false, vertical: true)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        Image(systemName: row.checkmark)
          .foregroundStyle(theme.success)
          .accessibilityHidden(true)
      }
      .padding(theme.spacing)
      .background(theme.cardBackground, in: RoundedRectangle(cornerRadius: theme.cardCornerRadius))
      .accessibilityElement(children: .combine)
    }
  }
#endif
