package import Foundation

/// SportsTime's `.storekit` file with offers added, for the tests of offers through files and
/// the command line (`SportsTime.storekit` itself has none): each plan a week's free trial;
/// monthly the promotional offers `LOYALTY` (3 months at $2.99) and `FIRSTMONTHFREE` (a free
/// month) and the win-back offer `WINBACK50` (2 months at $2.49) — as `StoreTesting`'s
/// `SportsTimeFixtures.productsWithOffers` — and offer codes: `FREEMONTH` (a free month of
/// monthly, for new and expired customers) and `ANNUALHALF` (a year of annual at $24.99, for
/// existing subscribers).
package enum OfferCatalogFile {
  /// The file's bytes.
  package static func data() throws -> Data {
    var file = try object(Data(contentsOf: PackageFolders.bundledStoreKitFile))
    var groups = try array(file["subscriptionGroups"])
    var plans = try array(groups[0]["subscriptions"])
    for index in plans.indices {
      let monthly = plans[index]["productID"] as? String == "com.sportstime.pro.monthly"
      plans[index]["introductoryOffers"] = [
        [
          "internalID": "1F00000\(index)", "paymentMode": "free", "subscriptionPeriod": "P1W",
        ]
      ]
      plans[index]["adHocOffers"] =
        monthly
        ? [
          offer("LOYALTY", "payAsYouGo", "P1M", 3, "2.99"),
          offer("FIRSTMONTHFREE", "free", "P1M", 1, nil),
        ] : []
      plans[index]["winbackOffers"] =
        monthly ? [offer("WINBACK50", "payAsYouGo", "P1M", 2, "2.49")] : []
      plans[index]["codeOffers"] =
        monthly
        ? [code("FREEMONTH", "free", "P1M", nil, ["new", "expired"])]
        : [code("ANNUALHALF", "payUpFront", "P1Y", "24.99", ["existing"])]
    }
    groups[0]["subscriptions"] = plans
    file["subscriptionGroups"] = groups
    return try JSONSerialization.data(withJSONObject: file, options: [.sortedKeys])
  }

  /// Writes the file into `folder` as `Offers.storekit` and returns its path.
  package static func write(into folder: URL) throws -> String {
    let url = folder.appendingPathComponent("Offers.storekit")
    try data().write(to: url)
    return url.path
  }

  private static func offer(
    _ id: String, _ mode: String, _ period: String, _ count: Int, _ price: String?
  ) -> [String: Any] {
    var offer: [String: Any] = [
      "internalID": "0F\(id.prefix(6))", "offerID": id, "paymentMode": mode,
      "referenceName": id, "subscriptionPeriod": period, "numberOfPeriods": count,
    ]
    offer["displayPrice"] = price
    return offer
  }

  private static func code(
    _ name: String, _ mode: String, _ period: String, _ price: String?, _ eligibility: [String]
  ) -> [String: Any] {
    var offer: [String: Any] = [
      "internalID": "0C\(name.prefix(6))", "paymentMode": mode, "referenceName": name,
      "subscriptionPeriod": period, "numberOfPeriods": 1, "eligibility": eligibility,
      "isStackable": false,
    ]
    offer["displayPrice"] = price
    return offer
  }

  private struct NotAnObject: Error {}

  private static func object(_ data: Data) throws -> [String: Any] {
    guard let object = try JSONSerialization.jsonObject(with: data) as? [String: Any] else {
      throw NotAnObject()
    }
    return object
  }

  private static func array(_ value: Any?) throws -> [[String: Any]] {
    guard let array = value as? [[String: Any]] else { throw NotAnObject() }
    return array
  }
}
