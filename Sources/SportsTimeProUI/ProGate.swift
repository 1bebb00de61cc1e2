#if canImport(SwiftUI)
  public import SportsTimePro
  public import SwiftUI

  extension View {
    /// Gates this whole view behind Pro: the first `ProGate` of SportsTime Pro's plan
    /// (SportsTimePro's `ThePlan` article).
    ///
    /// For a Pro customer the view works as usual; for a free one a tap anywhere on it opens the
    /// paywall for `feature` instead, as `AccessPolicy/decision(for:isPro:)` decides from the
    /// `StoreManager` of the environment. The gated view is hidden from accessibility too, so
    /// that VoiceOver cannot activate what a tap cannot reach. Until the store knows the
    /// customer's entitlements (`StoreManager/hasLoadedEntitlements`) the view is neither: it
    /// does not respond, and no paywall opens.
    public func proGate(feature: ProFeature) -> some View {
      modifier(ProGate(feature: feature))
    }
  }

  private struct ProGate: ViewModifier {
    @Environment(StoreManager.self) private var store
    @State private var paywallPlacement: PaywallPlacement?
    private let feature: ProFeature

    init(feature: ProFeature) {
      self.feature = feature
    }

    func body(content: Content) -> some View {
      let known = store.hasLoadedEntitlements
      let gated = gatedFeature
      let locked = !known || gated != nil
      content
        .allowsHitTesting(!locked)
        .accessibilityHidden(locked)
        .overlay {
          if !known {
            ProgressView()
          } else if let gated {
            Button {
              paywallPlacement = .feature(gated)
            } label: {
              Color.clear.contentShape(Rectangle())
            }
            .buttonStyle(.plain)
            .accessibilityLabel(gated.displayName)
          }
        }
        .paywall(placement: $paywallPlacement)
    }

    /// The feature whose paywall a tap opens, when the policy locks the view.
    private var gatedFeature: ProFeature? {
      switch AccessPolicy().decision(for: feature, isPro: store.isPro) {
      case .allowed: nil
      case .showPaywall(let feature): feature
      }
    }
  }
#endif
