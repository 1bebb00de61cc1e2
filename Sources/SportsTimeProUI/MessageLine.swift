#if canImport(SwiftUI)
  import SwiftUI

  /// A line of a model's message under the plans: an error, a purchase waiting for approval, a
  /// restore that found nothing.
  struct MessageLine: View {
    @Environment(\.paywallTheme) private var theme
    private let message: String
    private let color: Color

    init(_ message: String, color: Color) {
      self.message = message
      self.color = color
    }

    var body: some View {
      Text(message)
        .font(theme.captionFont)
        .foregroundStyle(color)
        .multilineTextAlignment(.center)
        .fixedSize(horizontal: false, vertical: true)
    }
  }
#endif
