import Foundation
import StoreModel
import TestSupport
import Testing

/// The shared `.storekit` corpus (`shared/corpus/storekit` beside the package), if present.
enum StoreKitCorpus {
  /// `shared/corpus/storekit` in the package's parent folder, or in its parent's parent (a git
  /// worktree kept in a folder of worktrees beside the main checkout).
  static let location = PackageFolders.sharedCorpus("storekit")

  /// Why the corpus tests are skipped when the corpus is absent.
  static let absent: Comment = "../shared/corpus/storekit is absent: the corpus tests need it"

  /// A row of `MANIFEST.tsv`.
  struct Row: Sendable, CustomTestStringConvertible {
    let file: String
    let formatVersion: String
    /// `Consumable=1 RecurringSubscription=2`; `none` for malformed files.
    let counts: [String: Int]
    let isMalformed: Bool
    var testDescription: String { file }
  }

  /// The manifest's rows.
  static func manifest(in folder: URL) throws -> [Row] {
    let text = try String(
      contentsOf: folder.appendingPathComponent("MANIFEST.tsv"), encoding: .utf8)
    return try text.split(separator: "\n").dropFirst().map { line in
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      try #require(fields.count >= 6, "a MANIFEST.tsv row has 7 columns: \(line)")
      var counts: [String: Int] = [:]
      for pair in fields[4].split(separator: " ") where pair != "none" {
        let parts = pair.split(separator: "=")
        counts[String(parts[0])] = Int(parts[1])
      }
      return Row(
        file: fields[0], formatVersion: fields[3], counts: counts,
        isMalformed: fields[5].hasPrefix("MALFORMED"))
    }
  }
}

@Suite struct CatalogCorpusTests {
  @Test(
    "every file of the corpus decodes to the manifest's product counts, or fails precisely",
    .enabled(if: StoreKitCorpus.location != nil, StoreKitCorpus.absent))
  func wholeCorpus() throws {
    let folder = try #require(StoreKitCorpus.location)
    let rows = try StoreKitCorpus.manifest(in: folder)
    #expect(rows.count == 30)
    var malformed: [String: String] = [:]
    for row in rows {
      let url = folder.appendingPathComponent(row.file)
      if row.isMalformed {
        #expect(throws: CatalogError.self, "\(row.file) is malformed") {
          try Catalog(contentsOf: url)
        }
        do {
          _ = try Catalog(contentsOf: url)
        } catch {
          malformed[row.file] = error.description
        }
        continue
      }
      let catalog = try Catalog(contentsOf: url)
      var counts: [String: Int] = [:]
      for entry in catalog.entries { counts[entry.configurationType, default: 0] += 1 }
      #expect(counts == row.counts, "\(row.file)")
      #expect(catalog.version.description == row.formatVersion, "\(row.file)")
      #expect(catalog.products.count == catalog.entries.count)
      for product in catalog.products {
        #expect(catalog.product(id: product.id) == product)
        #expect(!product.displayPrice.isEmpty)
        #expect(
          (product.subscription != nil)
            == (product.type == .autoRenewable || product.type == .subscriptionSuite))
      }
    }
    #expect(
      malformed == [
        "Jannik-1403__Garten-Simulation__Purchases.storekit":
          "not JSON: looks like an XML property list",
        "yok1012__quick-memo-app__Configuration.storekit":
          "subscriptions: not a key of a StoreKit configuration: auto-renewable subscriptions "
          + "belong in subscriptionGroups[].subscriptions",
      ])
  }

  @Test(
    "no file of the corpus has an unknown key, except the 6.3 suite fields kept as read",
    .enabled(if: StoreKitCorpus.location != nil, StoreKitCorpus.absent))
  func noSurprises() throws {
    let folder = try #require(StoreKitCorpus.location)
    for row in try StoreKitCorpus.manifest(in: folder) where !row.isMalformed {
      let catalog = try Catalog(contentsOf: folder.appendingPathComponent(row.file))
      #expect(catalog.warnings.isEmpty, "\(row.file): \(catalog.warnings)")
    }
  }

  @Test(
    "Apple's Backyard Birds sample: three levels, highest first, free trials",
    .enabled(if: StoreKitCorpus.location != nil, StoreKitCorpus.absent))
  func backyardBirds() throws {
    let folder = try #require(StoreKitCorpus.location)
    let catalog = try Catalog(
      contentsOf: folder.appendingPathComponent("apple__sample-backyard-birds__Store.storekit"))
    let group = try #require(catalog.subscriptionGroups.first)
    #expect(group.levels == [1, 2, 3])
    #expect(group.products.map { $0.subscription?.groupLevel } == [1, 2, 3])
    #expect(catalog.settings.storeKitErrors.count == 9)
    for product in group.products {
      let intro = try #require(product.subscription?.introductoryOffer)
      #expect(intro.paymentMode == .freeTrial)
      #expect(intro.periodCount == 1)
      #expect(intro.price == 0)
    }
  }

  @Test(
    "the settings of the corpus come through typed",
    .enabled(if: StoreKitCorpus.location != nil, StoreKitCorpus.absent))
  func settings() throws {
    let folder = try #require(StoreKitCorpus.location)
    func settings(_ file: String) throws -> CatalogSettings {
      try Catalog(contentsOf: folder.appendingPathComponent(file)).settings
    }
    let pocketCasts = try settings(
      "Automattic__pocket-casts-ios__Pocket_Casts_Configuration.storekit")
    #expect(pocketCasts.timeRate == .oneRenewalEveryTwoSeconds)
    #expect(
      pocketCasts.compatibilityTimeRate
        == .byServiceVersion(["3": .oneSecondIsOneDay, "5": .oneRenewalEveryTenSeconds]))
    #expect(pocketCasts.storefrontCountryCode == "PRT")

    let superwall = try settings("superwall__Superwall-iOS__Products.storekit")
    #expect(superwall.compatibilityTimeRate == .single(.oneSecondIsOneDay))
    #expect(superwall.timeRate == .monthlyRenewalEveryThirtySeconds)

    let storeHelper = try settings("russell-archer__StoreHelper__Products.storekit")
    #expect(storeHelper.legacyStoreKitErrorCode == 0)
    #expect(storeHelper.timeRate == .oneHourIsOneDay)

    let podsapp = try settings("Taycanstar__podsapp__product.storekit")
    #expect(podsapp.billingGracePeriodEnabled && podsapp.renewalBillingIssuesEnabled)

    let joodle = try settings("xmliszt__joodle__Store-efa48e1.storekit")
    #expect(joodle.simulatedError(for: .loadProducts) == .init(type: "generic", index: 0))
    #expect(joodle.simulatedError(for: .purchase) == nil)
    #expect(joodle.isSyncedWithAppStoreConnect)
    #expect(
      joodle.lastSynchronizedDate == Date(timeIntervalSinceReferenceDate: 787_840_906.48469305))

    let tenScrolls = try settings("Eamonked__TenScrolls__Configuration.storekit")
    let refund = try #require(tenScrolls.storeKitErrors.first { $0.api == .refundRequest })
    #expect(refund.current == .init(type: "refund request", index: 0))
    #expect(refund.current?.errorName == "duplicateRequest")
    #expect(refund.activeSelection == nil)
    #expect(!tenScrolls.isSyncedWithAppStoreConnect)

    let mercato = try settings("tikhop__Mercato__Mercato.storekit")
    #expect(mercato.storeKitErrors.count == 9)
  }

  @Test(
    "prices come out in the storefront's currency and the file's locale",
    .enabled(if: StoreKitCorpus.location != nil, StoreKitCorpus.absent))
  func storefrontCurrencies() throws {
    let folder = try #require(StoreKitCorpus.location)
    func catalog(_ file: String) throws -> Catalog {
      try Catalog(contentsOf: folder.appendingPathComponent(file))
    }
    let colombia = try catalog("chemsims__chemistry__ColombiaConfig.storekit")
    #expect(colombia.storefront.countryCode == "COL")
    #expect(colombia.storefront.currencyCode == "COP")
    #expect(colombia.locale.identifier == "es_MX")
    #expect(colombia.products.allSatisfy { $0.currencyCode == "COP" })
    #expect(colombia.products.map(\.price).contains(4900))

    let china = try catalog("CofficLab__Cisum_SwiftUI__Products.storekit")
    #expect(china.storefront.currencyCode == "CNY")
    #expect(china.locale.identifier == "zh_CN")
    let localizedNames = china.products.filter { product in
      product.displayName.unicodeScalars.contains { $0.value >= 0x4E00 && $0.value <= 0x9FFF }
    }
    #expect(!localizedNames.isEmpty, "zh_CN localizations are picked over en_US")

    let singapore = try catalog("xmliszt__joodle__Store-efa48e1.storekit")
    #expect(singapore.storefront.currencyCode == "SGD")
    #expect(
      singapore.product(id: "dev.liyuxuan.joodle.super.monthly")?.displayPrice == "SGD\u{00A0}5.98")

    let explicitLocale = try Catalog(
      contentsOf: folder.appendingPathComponent("chemsims__chemistry__ColombiaConfig.storekit"),
      locale: Locale(identifier: "es_CO"))
    #expect(explicitLocale.locale.identifier == "es_CO")
    #expect(explicitLocale.products.contains { $0.displayPrice == "$\u{00A0}4.900" })
  }
}
