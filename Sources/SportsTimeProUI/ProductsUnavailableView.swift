#if canImport(SwiftUI)
  import SwiftUI

  /// What stands in for the plans while they cannot be shown: the model's loading line with a
  /// spinner, or the reason they failed to load.
  ///
  /// After a failure the reason itself is the retry button (the models give no separate title
  /// for one), drawn as a bordered button.
  struct ProductsUnavailableView: View {
    @Environment(\.paywallTheme) private var theme
    private let message: String
    private let canRetry: Bool
    private let retry: @MainActor () -> Void

    init(message: String, canRetry: Bool, retry: @escaping @MainActor () -> Void) {
      self.message = message
      self.canRetry = canRetry
      self.retry = retry
    }

    var body: some View {
      Group {
        if canRetry {
          Button(action: retry) {
            Text(message)
              .multilineTextAlignment(.center)
              .fixedSize(horizontal: false, vertical: true)
          }
          .buttonStyle(.bordered)
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
