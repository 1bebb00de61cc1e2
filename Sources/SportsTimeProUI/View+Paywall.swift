#if canImport(SwiftUI)
  public import SportsTimePro
  public import SwiftUI

  extension View {
    /// Presents the ``PaywallView`` opened from `placement` while `placement` holds one, full
    /// screen where the system offers it (iOS, visionOS) and as a sheet elsewhere; sets it back
    /// to `nil` once the paywall closes.
    ///
    /// The paywall sells through the `StoreManager` of this view's environment and keeps its
    /// ``PaywallTheme``.
    public func paywall(placement: Binding<PaywallPlacement?>) -> some View {
      modifier(PaywallPresentation(placement: placement))
    }
  }

  private struct PaywallPresentation: ViewModifier {
    @Environment(StoreManager.self) private var store
    @Environment(\.paywallTheme) private var theme
    @Binding private var placement: PaywallPlacement?
    @State private var presented: PresentedPaywall?

    init(placement: Binding<PaywallPlacement?>) {
      _placement = placement
    }

    func body(content: Content) -> some View {
      content
        .onChange(of: placement, initial: true) { _, placement in
          presented = placement.map(PresentedPaywall.init)
        }
        #if os(iOS) || os(visionOS)
          .fullScreenCover(
            item: $presented, onDismiss: { placement = nil }, content: { paywall($0) })
        #else
          .sheet(item: $presented, onDismiss: { placement = nil }, content: { paywall($0) })
        #endif
    }

    private func paywall(_ presented: PresentedPaywall) -> some View {
      PaywallView(placement: presented.placement)
        .environment(store)
        .paywallTheme(theme)
        #if os(macOS)
          .paywallSheetFrame()
        #endif
    }
  }

  #if os(macOS)
    extension View {
      /// The size of a paywall's sheet on macOS, the paywall's and the onboarding's: a sheet
      /// there takes its content's ideal size, and a scroll view or a paged tab view has next to
      /// none, so without a minimum the sheet collapses to a strip.
      func paywallSheetFrame() -> some View {
        frame(minWidth: 440, idealWidth: 480, minHeight: 560, idealHeight: 680)
      }
    }
  #endif

  /// A paywall on screen, identified by where it was opened from.
  private struct PresentedPaywall: Identifiable {
    let placement: PaywallPlacement

    var id: PaywallPlacement { placement }
  }
#endif
