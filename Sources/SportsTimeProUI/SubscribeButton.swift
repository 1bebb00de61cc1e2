#if canImport(SwiftUI)
  import SwiftUI

  /// The prominent button of a paywall that buys: its title gives way to a spinner while the
  /// purchase runs, and it is disabled when the model says so.
  struct SubscribeButton: View {
    let title: String
    let isSpinning: Bool
    let isEnabled: Bool
    let action: @MainActor () async -> Void

    var body: some View {
      Button {
        Task { await action() }
      } label: {
        SpinnerLabel(title, isSpinning: isSpinning)
      }
      .buttonStyle(ProminentButtonStyle())
      .disabled(!isEnabled)
    }
  }
#endif
