#if canImport(SwiftUI)
  import SwiftUI

  /// A short word on a capsule of the accent: the PRO badge, a plan's savings badge, the BEST
  /// tag. The word comes from a model.
  struct AccentCapsule: View {
    @Environment(\.paywallTheme) private var theme
    private let text: String

    init(_ text: String) {
      self.text = text
    }

    var body: some View {
      Text(text)
        .font(theme.badgeFont)
        .foregroundStyle(theme.onAccent)
        .lineLimit(1)
        .padding(.horizontal, 7)
        .padding(.vertical, 2)
        .background(theme.accent, in: Capsule())
        .fixedSize()
    }
  }
#endif
