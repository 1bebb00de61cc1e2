import Foundation
import StoreCLI
import TestSupport
import Testing

@Suite struct ProductsCommandTests {
  static let bundledTable = """
    ID                          TYPE            NAME         PRICE   PERIOD  GROUP       LEVEL  FAMILY
    com.sportstime.pro.monthly  auto-renewable  Pro Monthly  $4.99   P1M     Pro Access  2      yes
    com.sportstime.pro.annual   auto-renewable  Pro Annual   $49.99  P1Y     Pro Access  1      yes

    """

  @Test("products lists the bundled SportsTime Pro catalog by default")
  func bundled() async {
    let result = await InProcessTool.run(["products"])
    #expect(result.code == 0)
    #expect(result.out == Self.bundledTable)
    #expect(result.err.isEmpty)
  }

  @Test("products --json gives prices as strings and periods in ISO 8601")
  func json() async {
    let result = await InProcessTool.run(["products", "--json"])
    #expect(result.code == 0)
    #expect(
      result.out == """
        {
          "products" : [
            {
              "currencyCode" : "USD",
              "description" : "All Pro features, billed every month.",
              "displayName" : "Pro Monthly",
              "displayPrice" : "$4.99",
              "familyShareable" : true,
              "id" : "com.sportstime.pro.monthly",
              "level" : 2,
              "period" : "P1M",
              "price" : "4.99",
              "subscriptionGroup" : "Pro Access",
              "subscriptionGroupID" : "2F8B6D14",
              "type" : "Auto-Renewable Subscription"
            },
            {
              "currencyCode" : "USD",
              "description" : "All Pro features, billed once a year.",
              "displayName" : "Pro Annual",
              "displayPrice" : "$49.99",
              "familyShareable" : true,
              "id" : "com.sportstime.pro.annual",
              "level" : 1,
              "period" : "P1Y",
              "price" : "49.99",
              "subscriptionGroup" : "Pro Access",
              "subscriptionGroupID" : "2F8B6D14",
              "type" : "Auto-Renewable Subscription"
            }
          ],
          "storefront" : {
            "countryCode" : "USA",
            "currencyCode" : "USD",
            "locale" : "en_US"
          }
        }

        """)
    #expect(result.err.isEmpty)
  }

  static let euroFile = """
    { "nonRenewingSubscriptions" : [ { "displayPrice" : "19.99", "localizations" : [ { "description" : "", "displayName" : "Saisonpass", "locale" : "de_DE" } ], "productID" : "season", "type" : "NonRenewingSubscription" } ],
      "products" : [ { "displayPrice" : "1", "productID" : "tip", "type" : "Consumable" },
                     { "displayPrice" : "9.99", "familyShareable" : true, "localizations" : [ { "description" : "", "displayName" : "Für immer", "locale" : "de_DE" } ], "productID" : "lifetime", "type" : "NonConsumable" } ],
      "settings" : { "_locale" : "de_DE", "_storefront" : "DEU" },
      "subscriptionGroups" : [ { "id" : "G", "localizations" : [ { "description" : "", "displayName" : "Profi", "locale" : "de_DE" } ], "name" : "Pro", "subscriptions" : [
        { "displayPrice" : "2.99", "groupNumber" : 1, "productID" : "weekly", "recurringSubscriptionPeriod" : "P1W", "type" : "RecurringSubscription" } ] } ],
      "version" : { "major" : 5, "minor" : 0 } }
    """

  @Test("products --storekit FILE lists every kind, in the file's storefront and locale")
  func otherFile() async throws {
    let folder = try TemporaryFolder("ProductsCommandTests").url
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(Self.euroFile.utf8).write(to: folder.appendingPathComponent("Euro.storekit"))
    let result = await InProcessTool.run(["products", "--storekit", "Euro.storekit"], in: folder)
    #expect(result.code == 0)
    #expect(
      result.out
        == """
        ID        TYPE            NAME        PRICE    PERIOD  GROUP  LEVEL  FAMILY
        tip       consumable      -           1,00 €   -       -      -      no
        lifetime  non-consumable  Für immer   9,99 €   -       -      -      yes
        season    non-renewing    Saisonpass  19,99 €  -       -      -      no
        weekly    auto-renewable  -           2,99 €   P1W     Profi  1      no

        """.replacingOccurrences(of: " €", with: "\u{00A0}€"))
    #expect(result.err.isEmpty)
  }

  @Test("a file that does not decode fails with FILE: key.path: reason on stderr, exit 1")
  func badFile() async throws {
    let folder = try TemporaryFolder("ProductsCommandTests").url
    defer { try? FileManager.default.removeItem(at: folder) }
    try Data(#"{"version":{"major":4},"products":[{"productID":"x","type":"Consumable"}]}"#.utf8)
      .write(to: folder.appendingPathComponent("Bad.storekit"))
    let bad = await InProcessTool.run(["products", "--storekit", "Bad.storekit"], in: folder)
    #expect(bad.code == 1)
    #expect(bad.out.isEmpty)
    #expect(
      bad.err
        == "sportstime-store: Bad.storekit: products[0].displayPrice: missing required key\n")

    let missing = await InProcessTool.run(["products", "--storekit", "None.storekit"], in: folder)
    #expect(missing.code == 1)
    #expect(missing.err == "sportstime-store: None.storekit: no such file or folder\n")
  }

  @Test("bad usage exits 2 with a one-line reason")
  func usage() async {
    let extra = await InProcessTool.run(["products", "annual"])
    #expect(extra.code == 2)
    #expect(
      extra.err
        == "sportstime-store products: unexpected argument 'annual'; "
        + "see 'sportstime-store products --help'\n")
    let noValue = await InProcessTool.run(["products", "--storekit"])
    #expect(noValue.code == 2)
    #expect(
      noValue.err
        == "sportstime-store products: option '--storekit' needs a value; "
        + "see 'sportstime-store products --help'\n")
  }

  @Test("products --help prints the whole help")
  func help() async {
    let result = await InProcessTool.run(["products", "--help"])
    #expect(result.code == 0)
    #expect(
      result.out == CommandRegistry.all.first { $0.name == "products" }?.usage.appending("\n"))
    #expect(result.out.hasPrefix("USAGE: sportstime-store products [--storekit FILE] [--json]\n"))
    #expect(result.out.contains("--storekit FILE"))
  }

  @Test(
    "the built binary prints the same table",
    .enabled(if: BuiltTool.url != nil, BuiltTool.notBuilt))
  func binary() throws {
    let tool = try #require(BuiltTool.url)
    let result = try ChildProcess.run(tool.path, ["products"])
    #expect(result.termination == .exited(0))
    #expect(result.output == Self.bundledTable)
  }
}
