#if canImport(SwiftUI)
  import SwiftUI

  /// The prominent button of a paywall that buys: its title, and the model's line of the offer
  /// under it when there is one, give way to a spinner while the purchase runs, and it is
  /// disabled when the model says so.
  struct SubscribeButton: View {
    let title: String
    var detail: String?
    let isSpinning: Bool
    let isEnabled: Bool
    let action: @MainActor () async -> Void

    var body: some View {
      Button {
        Task { await action() }
      } label: {
        SpinnerLabel(title, detail: detail, isSpinning: isSpinning)
      }
      .buttonStyle(ProminentButtonStyle())
      .disabled(!isEnabled)
    }
  }
#endif
