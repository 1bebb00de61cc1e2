#if canImport(SwiftUI)
  public import SportsTimePro
  public import SwiftUI

  /// The screen that stands in for a Pro feature for a free customer: the `ProLockedView` of
  /// SportsTime Pro's plan (SportsTimePro's `ThePlan` article), a rendering of `ProLockedModel`.
  ///
  /// A lock (with the feature's symbol), the feature's name and description, and "Upgrade to
  /// Pro", which opens the paywall. Show it where `ProgressTabModel` (or any
  /// `AccessDecision`) says the feature is locked; it reads the `StoreManager` from the
  /// environment only to sell through it.
  public struct ProLockedView: View {
    @Environment(\.paywallTheme) private var theme
    @State private var paywallPlacement: PaywallPlacement?
    private let model: ProLockedModel

    /// Creates the locked screen of `feature`.
    public init(feature: ProFeature) {
      model = ProLockedModel(feature: feature)
    }

    /// Creates the locked screen that renders `model`.
    public init(model: ProLockedModel) {
      self.model = model
    }

    public var body: some View {
      VStack(spacing: theme.spacing) {
        Image(systemName: model.lockIcon)
          .font(.system(size: theme.heroIconSize))
          .foregroundStyle(theme.accent)
          .padding(theme.sectionSpacing)
          .background(theme.cardBackground, in: Circle())
          .overlay(alignment: .bottomTrailing) {
            Image(systemName: model.featureIcon)
              .font(theme.headlineFont)
              .foregroundStyle(theme.onAccent)
              .padding(theme.smallSpacing + 2)
              .background(theme.accent, in: Circle())
          }
          .accessibilityHidden(true)
        Text(model.title)
          .font(theme.titleFont)
          .multilineTextAlignment(.center)
          .accessibilityAddTraits(.isHeader)
        Text(model.message)
          .font(theme.bodyFont)
          .foregroundStyle(theme.secondaryText)
          .multilineTextAlignment(.center)
          .fixedSize(horizontal: false, vertical: true)
        Button(model.upgradeButtonTitle) { paywallPlacement = model.paywallPlacement }
          .buttonStyle(ProminentButtonStyle())
          .padding(.top, theme.smallSpacing)
      }
      .padding(theme.padding)
      .frame(maxWidth: .infinity, maxHeight: .infinity)
      .paywall(placement: $paywallPlacement)
    }
  }

  #if DEBUG
    #Preview("Progress tab, free") {
      StorePreview { store in
        switch ProgressTabModel(isPro: store.isPro) {
        case .progress:
          Image(systemName: ProFeature.progressTracking.icon).font(.largeTitle)
        case .locked(let locked):
          ProLockedView(model: locked)
        }
      }
    }
  #endif
#endif
