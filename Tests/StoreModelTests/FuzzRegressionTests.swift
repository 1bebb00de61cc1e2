import Foundation
import StoreModel
import Testing

/// Replays what the fuzz target `fuzz-storekit` stored in `Fuzz/regressions/storekit/` (see
/// `scripts/fuzz`): each input once crashed, hung or leaked in the `.storekit` decoder or in
/// what is computed from a catalog. Each must now decode or be refused with a reason, and a
/// catalog that decodes must keep the fuzzer's rules: the same bytes give the same catalog, and
/// product identifiers are unique and find their products.
@Suite struct FuzzRegressionTests {
  /// The package root, from this file's path (`<root>/Tests/StoreModelTests/<file>`).
  static let packageRoot = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// A stored input, named by its file.
  struct Input: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    var testDescription: String { name }
  }

  static let inputs: [Input] = {
    let folder = packageRoot.appendingPathComponent("Fuzz/regressions/storekit")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
      guard
        let data = FileManager.default.contents(atPath: folder.appendingPathComponent(name).path)
      else { return nil }
      return Input(name: name, bytes: Array(data))
    }
  }()

  @Test("a stored fuzz input decodes consistently or is refused with a reason", arguments: inputs)
  func replay(_ input: Input) throws {
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
