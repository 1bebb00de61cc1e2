#if canImport(SwiftUI)
  import SportsTimePro
  import SwiftUI

  struct SettingsScreen: View {
    @State private var model: SubscriptionSettingsModel
    @State private var shown: PaywallModel

    init(store: StoreManager, model: PaywallModel) {
      // expect-next: state, redraw
      _model = State(initialValue: SubscriptionSettingsModel(store: store, locale: .current, timeZone: .current))
      // A model passed in is only kept: allowed.
      _shown = State(initialValue: model)
    }

    var body: some View {
      Text(model.header)
    }
  }
#endif
