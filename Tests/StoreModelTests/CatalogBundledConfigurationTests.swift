import Foundation
import StoreModel
import TestSupport
import Testing

/// The app's own `SportsTime.storekit`, read from the source tree.
enum BundledStoreKitFile {
  static let url = PackageFolders.bundledStoreKitFile
}

@Suite struct CatalogBundledConfigurationTests {
  @Test("SportsTime.storekit holds exactly Pro Monthly and Pro Annual, family shareable")
  func products() throws {
    let catalog = try Catalog(contentsOf: BundledStoreKitFile.url)
    #expect(
      catalog.products.map(\.id) == ["com.sportstime.pro.monthly", "com.sportstime.pro.annual"])
    #expect(catalog.warnings.isEmpty)
    #expect(catalog.version == Catalog.FormatVersion(major: 6, minor: 3))

    let monthly = try #require(catalog.product(id: "com.sportstime.pro.monthly"))
    #expect(monthly.type == .autoRenewable)
    #expect(monthly.displayName == "Pro Monthly")
    #expect(monthly.description == "All Pro features, billed every month.")
    #expect(monthly.price == Decimal(string: "4.99"))
    #expect(monthly.displayPrice == "$4.99")
    #expect(monthly.currencyCode == "USD")
    #expect(monthly.isFamilyShareable)
    #expect(monthly.subscription?.subscriptionPeriod == .monthly)
    #expect(monthly.subscription?.groupLevel == 2)
    #expect(monthly.subscription?.introductoryOffer == nil)

    let annual = try #require(catalog.product(id: "com.sportstime.pro.annual"))
    #expect(annual.type == .autoRenewable)
    #expect(annual.displayName == "Pro Annual")
    #expect(annual.price == Decimal(string: "49.99"))
    #expect(annual.displayPrice == "$49.99")
    #expect(annual.isFamilyShareable)
    #expect(annual.subscription?.subscriptionPeriod == .yearly)
    #expect(annual.subscription?.groupLevel == 1)
    #expect(annual.displayPricePerMonth == "$4.17")
    #expect(annual.savingsPercent(comparedTo: monthly) == 17)
  }

  @Test("one group, Pro Access: annual is the higher level, so monthly to annual is an upgrade")
  func group() throws {
    let catalog = try Catalog(contentsOf: BundledStoreKitFile.url)
    #expect(catalog.subscriptionGroups.count == 1)
    let group = try #require(catalog.subscriptionGroups.first)
    #expect(group.name == "Pro Access")
    #expect(group.displayName == "Pro Access")
    #expect(
      group.products.map(\.id) == ["com.sportstime.pro.annual", "com.sportstime.pro.monthly"])
    #expect(group.levels == [1, 2])
    #expect(
      catalog.products.allSatisfy { $0.subscription?.subscriptionGroupID == group.id })
    #expect(catalog.subscriptionGroup(containing: "com.sportstime.pro.monthly") == group)
  }

  @Test("the settings are Xcode's defaults: USA, en_US, real time, no Ask to Buy, no failures")
  func settings() throws {
    let catalog = try Catalog(contentsOf: BundledStoreKitFile.url)
    #expect(catalog.storefront == .unitedStates)
    let settings = catalog.settings
    #expect(settings.storefrontCountryCode == "USA")
    #expect(settings.localeIdentifier == "en_US")
    #expect(settings.timeRate == .realTime)
    #expect(!settings.askToBuyEnabled)
    #expect(!settings.billingIssuesEnabled && !settings.renewalBillingIssuesEnabled)
    #expect(!settings.billingGracePeriodEnabled && !settings.failTransactionsEnabled)
    #expect(!settings.disableDialogs)
    #expect(settings.storeKitErrors.map(\.api) == CatalogSettings.StoreKitAPI.allKnown)
    #expect(settings.storeKitErrors.allSatisfy { !$0.isEnabled && $0.current == nil })
  }

  @Test("the file is written as Xcode writes it: sorted keys, 2 spaces, ' : ', final newline")
  func xcodeFormatting() throws {
    let data = try Data(contentsOf: BundledStoreKitFile.url)
    let text = String(decoding: data, as: UTF8.self)
    #expect(text.hasSuffix("}\n"))
    #expect(!text.contains("\t"))
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    lines.removeLast()
    for line in lines {
      let indent = line.prefix { $0 == " " }.count
      #expect(indent % 2 == 0, "\(line)")
      if line.contains("\":") { Issue.record("key without ' : ': \(line)") }
    }
    #expect(!text.contains("[]") && !text.contains("{}"))
    let root = try JSONValue.parse(Array(data))
    var unsorted: [String] = []
    func walk(_ value: JSONValue) {
      switch value {
      case .object(let object):
        let keys = object.keys
        if keys != keys.sorted(by: { $0.lowercased() < $1.lowercased() }) {
          unsorted.append(keys.joined(separator: ","))
        }
        for key in keys { object[key].map(walk) }
      case .array(let elements): elements.forEach(walk)
      default: break
      }
    }
    walk(root)
    #expect(unsorted.isEmpty)
  }
}
