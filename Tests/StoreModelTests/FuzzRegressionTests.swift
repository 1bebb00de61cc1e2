import Foundation
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Replays what the fuzz target `fuzz-storekit` stored in `Fuzz/regressions/storekit/` (see
/// `scripts/fuzz`): each input once crashed, hung or leaked in the `.storekit` decoder or in
/// what is computed from a catalog. Each must now decode or be refused with a reason, and a
/// catalog that decodes must keep the fuzzer's rules: the same bytes give the same catalog, and
/// product identifiers are unique and find their products.
@Suite struct FuzzRegressionTests {
  static let inputs = FuzzRegressionInput.stored("storekit")

  @Test("a stored fuzz input decodes consistently or is refused with a reason", arguments: inputs)
  func replay(_ input: FuzzRegressionInput) throws {
    let data = Data(input.bytes)
    for locale in [nil, Locale(identifier: "fr_FR"), Locale(identifier: "ja_JP")] {
      let catalog: Catalog
      do {
        catalog = try Catalog(data: data, locale: locale)
      } catch {
        #expect(!error.reason.isEmpty)
        continue
      }
      #expect(try Catalog(data: data, locale: locale) == catalog)
      let identifiers = catalog.products.map(\.id)
      #expect(Set(identifiers).count == identifiers.count)
      for product in catalog.products {
        #expect(catalog.product(id: product.id) == product)
        _ = product.displayPricePerMonth
        for other in catalog.products.prefix(16) { _ = product.savingsPercent(comparedTo: other) }
      }
    }
  }
}
