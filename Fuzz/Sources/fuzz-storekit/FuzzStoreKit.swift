import Foundation
import FuzzSupport
@_spi(Tools) import LocalAppStore
@_spi(Tools) import StoreModel

/// Fuzzes the `.storekit` decoder (`Catalog(data:locale:)`) and what is computed from a catalog:
/// prices per month, savings between plans, the emulator settings and simulated faults.
///
/// The oracle: no crash, no hang, no leak; a catalog that decodes decodes to the same value
/// again; its product identifiers are unique and each finds its product; a decoder error names
/// a code and a reason.
@main
enum FuzzStoreKit {
  static let locales = [nil, Locale(identifier: "fr_FR"), Locale(identifier: "ja_JP")]

  static func main() {
    FuzzDriver.run { data, size in
      FuzzStoreKit.check(Data(FuzzDriver.buffer(data, size)))
      return 0
    }
  }

  static func check(_ data: Data) {
    let locale = locales[data.count % locales.count]
    let catalog: Catalog
    do {
      catalog = try Catalog(data: data, locale: locale)
    } catch {
      if error.reason.isEmpty { fuzzFinding("a CatalogError without a reason: \(error.code)") }
      return
    }
    guard (try? Catalog(data: data, locale: locale)) == catalog else {
      fuzzFinding("the same bytes decoded to two different catalogs")
    }
    let identifiers = catalog.products.map(\.id)
    guard Set(identifiers).count == identifiers.count else {
      fuzzFinding("a catalog with a duplicate product identifier: \(identifiers)")
    }
    for product in catalog.products {
      guard catalog.product(id: product.id) == product else {
        fuzzFinding("product(id: \(product.id)) does not find its product")
      }
      _ = catalog.entry(id: product.id)
      _ = catalog.subscriptionGroup(containing: product.id)
      _ = product.displayPricePerMonth
      // Pairs of the first few products only: the harness must stay linear in the input.
      for other in catalog.products.prefix(16) where other.id != product.id {
        _ = product.savingsPercent(comparedTo: other)
      }
    }
    _ = EmulatorSettings(catalog: catalog)
    _ = Fault.simulated(by: catalog)
    _ = catalog.warnings.map(\.description)
  }
}
