#if canImport(SwiftUI)
  import SwiftUI

  struct SaveButton: View {
    let store: StoreManager
    let savedTrips: [Trip]

    var body: some View {
      Button(model.saveTitle) {
        if savedTrips.count >= store.freeTripLimit {  // expect: freeTripLimit
          model.showPaywall()
        }
      }
    }
  }
#endif
