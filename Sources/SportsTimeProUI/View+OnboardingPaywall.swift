#if canImport(SwiftUI)
  public import SportsTimePro
  public import SwiftUI

  extension View {
    /// Presents the ``OnboardingPaywallView`` over this view while `launch` shows it (not seen
    /// yet, not Pro), full screen where the system offers it (iOS, visionOS) and as a sheet
    /// elsewhere; a swipe cannot dismiss it.
    public func onboardingPaywall(for launch: AppLaunch) -> some View {
      modifier(OnboardingPaywallPresentation(launch: launch))
    }
  }

  private struct OnboardingPaywallPresentation: ViewModifier {
    @Environment(\.paywallTheme) private var theme
    @State private var isPresented = false
    private let launch: AppLaunch

    init(launch: AppLaunch) {
      self.launch = launch
    }

    func body(content: Content) -> some View {
      content
        .onChange(of: launch.isShowingOnboardingPaywall, initial: true) { _, isShowing in
          isPresented = isShowing
        }
        #if os(iOS) || os(visionOS)
          .fullScreenCover(isPresented: $isPresented) { onboarding }
        #else
          .sheet(isPresented: $isPresented) { onboarding }
        #endif
    }

    @ViewBuilder private var onboarding: some View {
      if let model = launch.onboarding {
        OnboardingPaywallView(model: model)
          .environment(launch.store)
          .paywallTheme(theme)
          #if os(macOS)
            .paywallSheetFrame()
          #endif
      }
    }
  }
#endif
