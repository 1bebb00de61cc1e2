#if canImport(SwiftUI)
  import SwiftUI

  /// The theme's caption font in its secondary text color: the supporting lines under a plan's,
  /// a feature's or a subscription's name.
  struct SecondaryCaption: ViewModifier {
    @Environment(\.paywallTheme) private var theme

    func body(content: Content) -> some View {
      content
        .font(theme.captionFont)
        .foregroundStyle(theme.secondaryText)
    }
  }

  extension View {
    /// The view as a supporting line under a name: ``SecondaryCaption``.
    func secondaryCaption() -> some View {
      modifier(SecondaryCaption())
    }
  }
#endif
