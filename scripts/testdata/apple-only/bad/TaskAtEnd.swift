#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    // expect-next: task, release
    public func refreshing(_ work: @escaping @Sendable () async -> Void) -> some View {
      padding().task { await work() }
    }

    /// Ends in another modifier: links in Release.
    public func refreshingPadded(_ work: @escaping @Sendable () async -> Void) -> some View {
      task { await work() }.padding()
    }
  }
#endif
