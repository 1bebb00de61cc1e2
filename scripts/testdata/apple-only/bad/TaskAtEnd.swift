#if canImport(SwiftUI)
  import SwiftUI

  extension View {
    public func refreshing(_ work: @escaping @Sendable () async -> Void) -> some View {
      // expect-next: task, release
      padding().task { await work() }
    }

    public func refreshingPadded(_ work: @escaping @Sendable () async -> Void) -> some View {
      // expect-next: task, release
      task { await work() }.padding()
    }

    /// The task in a private view modifier: the public type is ModifiedContent, which links.
    public func refreshingInModifier(_ work: @escaping @Sendable () async -> Void) -> some View {
      modifier(Refreshing(work: work))
    }
  }

  private struct Refreshing: ViewModifier {
    let work: @Sendable () async -> Void

    func body(content: Content) -> some View {
      content.task { await work() }
    }
  }
#endif
