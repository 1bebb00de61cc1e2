#if canImport(SwiftUI)
  import SwiftUI

  /// The style of the screens' main buttons (Subscribe Now, Subscribe, Upgrade to Pro): the
  /// accent, full width, dimmed while disabled.
  struct ProminentButtonStyle: ButtonStyle {
    @Environment(\.paywallTheme) private var theme
    @Environment(\.isEnabled) private var isEnabled

    func makeBody(configuration: Configuration) -> some View {
      configuration.label
        .font(theme.headlineFont)
        .foregroundStyle(theme.onAccent)
        .tint(theme.onAccent)
        .frame(maxWidth: .infinity)
        .padding(.vertical, theme.spacing)
        .background(theme.accent, in: RoundedRectangle(cornerRadius: theme.buttonCornerRadius))
        .opacity(isEnabled ? 1 : 0.5)
        .scaleEffect(configuration.isPressed ? 0.98 : 1)
    }
  }
#endif
