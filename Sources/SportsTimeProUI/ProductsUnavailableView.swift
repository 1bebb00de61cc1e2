#if canImport(SwiftUI)
  import SwiftUI

  /// What stands in for the plans while they cannot be shown: the model's loading line with a
  /// spinner, or the reason they failed to load.
  ///
  /// After a failure the reason is shown above the model's retry button.
  struct ProductsUnavailableView: View {
    @Environment(\.paywallTheme) private var theme
    private let message: String
    private let canRetry: Bool
    private let retryTitle: String
    private let retry: @MainActor () -> Void

    init(
      message: String, canRetry: Bool, retryTitle: String,
      retry: @escaping @MainActor () -> Void
    ) {
      self.message = message
      self.canRetry = canRetry
      self.retryTitle = retryTitle
      self.retry = retry
    }

    var body: some View {
      Group {
        if canRetry {
          VStack(spacing: theme.smallSpacing) {
            Text(message)
              .foregroundStyle(theme.secondaryText)
              .multilineTextAlignment(.center)
              .fixedSize(horizontal: false, vertical: true)
            Button(retryTitle, action: retry)
              .buttonStyle(.bordered)
          }
        } else {
          HStack(spacing: theme.smallSpacing) {
            ProgressView()
            Text(message).foregroundStyle(theme.secondaryText)
          }
        }
      }
      .font(theme.captionFont)
      .frame(maxWidth: .infinity, minHeight: 120)
    }
  }
#endif
