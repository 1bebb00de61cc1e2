#if canImport(SwiftUI)
  import SwiftUI

  /// A button's title, with the model's detail line under it when there is one, that gives way
  /// to a spinner while its work runs, keeping the button's size.
  struct SpinnerLabel: View {
    @Environment(\.paywallTheme) private var theme
    private let title: String
    private let detail: String?
    private let isSpinning: Bool

    init(_ title: String, detail: String? = nil, isSpinning: Bool) {
      self.title = title
      self.detail = detail
      self.isSpinning = isSpinning
    }

    var body: some View {
      ZStack {
        VStack(spacing: 2) {
          Text(title)
          if let detail {
            Text(detail).font(theme.captionFont)
          }
        }
        .opacity(isSpinning ? 0 : 1)
        if isSpinning {
          ProgressView()
        }
      }
    }
  }
#endif
