import Foundation
import FuzzSupport
@_spi(Fuzz) import StoreFuzzing

/// Fuzzes the `.storekit` decoder (`Catalog(data:locale:)`) and what is computed from a
/// catalog; the harness and its oracle are StoreFuzzing's `StoreKitHarness`.
@main
enum FuzzStoreKit {
  static func main() {
    FuzzDriver.run { data, size in
      StoreKitHarness.check(Data(FuzzDriver.buffer(data, size)))
      return 0
    }
  }
}
