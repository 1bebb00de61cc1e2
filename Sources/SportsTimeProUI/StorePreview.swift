#if canImport(SwiftUI)
  #if DEBUG
    import SportsTimePro
    import SwiftUI

    /// Hosts a preview on a `StoreManager` over ``PreviewAppStore``: the manager is in the
    /// environment and started, so the plans load and purchases go through.
    struct StorePreview<Content: View>: View {
      /// Made once, on the first frame: `State(initialValue:)` would build a new manager (and
      /// store) at every redraw of the parent, to throw all but the first away.
      @State private var store: StoreManager?
      private let isPro: Bool
      private let content: (StoreManager) -> Content

      /// Hosts `content` for a customer with or without Pro.
      init(isPro: Bool = false, @ViewBuilder content: @escaping (StoreManager) -> Content) {
        self.isPro = isPro
        self.content = content
      }

      var body: some View {
        if let store {
          content(store)
            .environment(store)
            .task { [store] in await store.start() }
        } else {
          Color.clear.onAppear { store = PreviewAppStore.manager(isPro: isPro) }
        }
      }
    }
  #endif
#endif
