public import Foundation
import LocalAppStore
import StoreModel

/// Fuzzes the `.storekit` decoder (`Catalog(data:locale:)`) and what is computed from a catalog:
/// prices per month, savings between plans, the emulator settings and simulated faults.
///
/// The oracle: no crash, no hang, no leak; a catalog that decodes decodes to the same value
/// again; its product identifiers are unique and each finds its product; a decoder error names
/// a code and a reason.
@_spi(Fuzz) public enum StoreKitHarness {
  static let locales = [nil, Locale(identifier: "fr_FR"), Locale(identifier: "ja_JP")]

  /// Runs one input through the decoder and the oracle.
  public static func check(_ data: Data) {
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
