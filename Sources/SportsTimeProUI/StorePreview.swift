#if canImport(SwiftUI)
  #if DEBUG
    import SportsTimePro
    import SwiftUI

    /// Hosts a preview on a `StoreManager` over ``PreviewAppStore``: the manager is in the
    /// environment and started, so the plans load and purchases go through.
    struct StorePreview<Content: View>: View {
      @State private var store: StoreManager
      private let content: (StoreManager) -> Content

      /// Hosts `content` for a customer with or without Pro.
      init(isPro: Bool = false, @ViewBuilder content: @escaping (StoreManager) -> Content) {
        _store = State(initialValue: PreviewAppStore.manager(isPro: isPro))
        self.content = content
      }

      var body: some View {
        content(store)
          .environment(store)
          .task { [store] in await store.start() }
      }
    }
  #endif
#endif
