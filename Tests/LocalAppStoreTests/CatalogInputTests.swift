import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct CatalogInputTests {
  /// The package's bundled `SportsTime.storekit`.
  static let bundledFile = PackageFolders.bundledStoreKitFile

  @Test("StoreTesting's SportsTime products are those of the bundled SportsTime.storekit")
  func fixturesMatchTheFile() throws {
    let catalog = try Catalog(contentsOf: Self.bundledFile)
    let fromFile = catalog.products.sorted { $0.id < $1.id }
    let fixtures = SportsTimeFixtures.products.sorted { $0.id < $1.id }
    #expect(fromFile.map(\.id) == fixtures.map(\.id))
    for (file, fixture) in zip(fromFile, fixtures) {
      #expect(file.type == fixture.type)
      #expect(file.price == fixture.price)
      #expect(file.displayPrice == fixture.displayPrice)
      #expect(file.currencyCode == fixture.currencyCode)
      #expect(file.isFamilyShareable == fixture.isFamilyShareable)
      #expect(file.displayName == fixture.displayName)
      #expect(file.subscription?.subscriptionGroupID == fixture.subscription?.subscriptionGroupID)
      #expect(file.subscription?.groupLevel == fixture.subscription?.groupLevel)
      #expect(file.subscription?.subscriptionPeriod == fixture.subscription?.subscriptionPeriod)
      #expect(file.subscription?.introductoryOffer == fixture.subscription?.introductoryOffer)
    }
  }

  @Test("a store made from the bundled catalog sells its products")
  func bundledCatalog() async throws {
    let catalog = try Catalog(contentsOf: Self.bundledFile)
    let store = try LocalAppStore(catalog: catalog, clock: ManualClock())
    #expect(try await store.products(for: [monthlyID, annualID]).count == 2)
    try await store.setDeviceTiming(.polite)
    try await store.buyVerified(annualID)
    #expect(await store.entitledProductIDs() == [annualID])
  }

  @Test("a catalog's settings become the store's: Ask to Buy, billing, grace, time rate, errors")
  func settings() async throws {
    let catalog = try Catalog(data: Data(Self.configured.utf8))
    let settings = EmulatorSettings(catalog: catalog)
    #expect(settings.askToBuyEnabled)
    #expect(settings.billingIssuesEnabled)
    #expect(settings.gracePeriodEnabled)
    #expect(settings.timeRate == .monthlyRenewalEveryThirtySeconds)
    #expect(settings.storefront == "GBR")
    #expect(Fault.simulated(by: catalog) == [.loadProducts])
    let store = try LocalAppStore(catalog: catalog, clock: ManualClock())
    #expect(try await store.status().faults == ["load-products": true])
    #expect(await backendErrorKind { _ = try await store.products(for: ["pass"]) } == "systemError")
  }

  @Test("App Store Sync and Subscription Status errors fail those APIs only, not the others")
  func simulatedErrorsPerAPI() async throws {
    let catalog = try Catalog(data: Data(Self.syncAndStatusErrors.utf8))
    #expect(Fault.simulated(by: catalog) == [.subscriptionStatus, .sync])
    let store = try LocalAppStore(catalog: catalog, clock: ManualClock())
    #expect(try await store.products(for: ["pass"]).map(\.id) == ["pass"])
    _ = try await store.buyVerified("pass")
    #expect(await backendErrorKind { try await store.sync() } == "systemError")
    #expect(
      await backendErrorKind { _ = try await store.subscriptionStatuses(forGroup: "G") }
        == "systemError")
  }

  static let syncAndStatusErrors = """
    {
      "products" : [
        {
          "displayPrice" : "9.99", "familyShareable" : true, "internalID" : "11111111",
          "localizations" : [ { "description" : "", "displayName" : "Pass", "locale" : "en_US" } ],
          "productID" : "pass", "referenceName" : "Pass", "type" : "NonConsumable"
        }
      ],
      "settings" : {
        "_locale" : "en_US", "_storefront" : "USA",
        "_storeKitErrors" : [
          { "enabled" : true, "name" : "App Store Sync", "current" : { "index" : 2, "type" : "generic" } },
          { "enabled" : true, "name" : "Subscription Status", "current" : { "index" : 2, "type" : "generic" } }
        ]
      },
      "subscriptionGroups" : [],
      "version" : { "major" : 4, "minor" : 0 }
    }
    """

  static let configured = """
    {
      "products" : [
        {
          "displayPrice" : "9.99", "familyShareable" : true, "internalID" : "11111111",
          "localizations" : [ { "description" : "", "displayName" : "Pass", "locale" : "en_GB" } ],
          "productID" : "pass", "referenceName" : "Pass", "type" : "NonConsumable"
        }
      ],
      "settings" : {
        "_askToBuyEnabled" : true, "_billingGracePeriodEnabled" : true, "_locale" : "en_GB",
        "_renewalBillingIssuesEnabled" : true, "_storefront" : "GBR", "_timeRate" : 15,
        "_storeKitErrors" : [
          { "enabled" : true, "name" : "Load Products", "current" : { "index" : 3, "type" : "generic" } },
          { "enabled" : false, "name" : "Purchase" }
        ]
      },
      "subscriptionGroups" : [],
      "version" : { "major" : 4, "minor" : 0 }
    }
    """
}
