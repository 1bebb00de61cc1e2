#if canImport(SwiftUI)
  public import SportsTimePro
  public import SwiftUI

  /// The small "PRO" capsule that marks a Pro feature: the `ProBadge` of SportsTime Pro's plan
  /// (SportsTimePro's `ThePlan` article).
  ///
  /// Its word is `ProBadgeModel`'s; its colours are the theme's accent and
  /// ``PaywallTheme/onAccent``. Put it on a view with `proBadge()`, which shows it only to a
  /// customer who is not Pro.
  public struct ProBadge: View {
    /// Creates the badge.
    public init() {}

    public var body: some View {
      AccentCapsule(ProBadgeModel.text)
    }
  }

  extension View {
    /// Overlays a ``ProBadge`` on the top trailing corner of this view while the customer is not
    /// Pro, as `ProBadgeModel` decides from the `StoreManager` of the environment; no badge
    /// until the store knows the customer's entitlements (`StoreManager/hasLoadedEntitlements`).
    public func proBadge() -> some View {
      modifier(ProBadgeOverlay(badge: nil))
    }

    /// Overlays a ``ProBadge`` on the top trailing corner of this view when `badge` is visible:
    /// for example `TripDetailGates/pdfBadge` on the PDF button.
    public func proBadge(_ badge: ProBadgeModel) -> some View {
      modifier(ProBadgeOverlay(badge: badge))
    }
  }

  private struct ProBadgeOverlay: ViewModifier {
    @Environment(StoreManager.self) private var store
    private let badge: ProBadgeModel?

    init(badge: ProBadgeModel?) {
      self.badge = badge
    }

    func body(content: Content) -> some View {
      // The environment's store is read only when no badge was given; until it knows the
      // customer's entitlements there is no badge (not known yet is not free).
      let shown = badge ?? (store.hasLoadedEntitlements ? ProBadgeModel(isPro: store.isPro) : nil)
      content.overlay(alignment: .topTrailing) {
        if let shown, shown.isVisible {
          ProBadge()
            .alignmentGuide(.top) { $0[VerticalAlignment.center] }
            .alignmentGuide(.trailing) { $0[HorizontalAlignment.center] }
        }
      }
    }
  }

  #if DEBUG
    #Preview("On a button, free") {
      StorePreview { _ in
        Button {
        } label: {
          Image(systemName: ProFeature.pdfExport.icon).font(.title2).padding(8)
        }
        .proBadge()
        .padding()
      }
    }

    #Preview("On a button, Pro") {
      StorePreview(isPro: true) { _ in
        Button {
        } label: {
          Image(systemName: ProFeature.pdfExport.icon).font(.title2).padding(8)
        }
        .proBadge()
        .padding()
      }
    }
  #endif
#endif
