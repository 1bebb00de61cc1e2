#if canImport(SwiftUI)
  import SwiftUI

  /// A button's title that gives way to a spinner while its work runs, keeping the button's
  /// size.
  struct SpinnerLabel: View {
    private let title: String
    private let isSpinning: Bool

    init(_ title: String, isSpinning: Bool) {
      self.title = title
      self.isSpinning = isSpinning
    }

    var body: some View {
      ZStack {
        Text(title).opacity(isSpinning ? 0 : 1)
        if isSpinning {
          ProgressView()
        }
      }
    }
  }
#endif
