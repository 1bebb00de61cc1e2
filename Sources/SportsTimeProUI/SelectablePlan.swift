#if canImport(SwiftUI)
  import SwiftUI

  /// The chrome every plan of a paywall shares: a plain button around `content`, on the card
  /// background, which the accent tints and outlines when the plan is selected; VoiceOver reads
  /// it as one selectable button.
  struct SelectablePlan<Content: View>: View {
    @Environment(\.paywallTheme) private var theme
    private let isSelected: Bool
    private let select: @MainActor () -> Void
    private let content: Content

    init(
      isSelected: Bool, select: @escaping @MainActor () -> Void,
      @ViewBuilder content: () -> Content
    ) {
      self.isSelected = isSelected
      self.select = select
      self.content = content()
    }

    var body: some View {
      Button(action: select) {
        content
          .padding(theme.spacing)
          .background(
            isSelected ? theme.accent.opacity(0.12) : theme.cardBackground,
            in: RoundedRectangle(cornerRadius: theme.cardCornerRadius)
          )
          .overlay {
            RoundedRectangle(cornerRadius: theme.cardCornerRadius)
              .strokeBorder(isSelected ? theme.accent : Color.clear, lineWidth: 2)
          }
          .contentShape(RoundedRectangle(cornerRadius: theme.cardCornerRadius))
      }
      .buttonStyle(.plain)
      .accessibilityElement(children: .combine)
      .accessibilityAddTraits(isSelected ? [.isButton, .isSelected] : .isButton)
    }
  }
#endif
