import Foundation
import StoreModel
import Testing

/// Small `.storekit` documents for the catalog's tests.
enum CatalogFixtures {
  /// A valid format-3.0 file: one consumable, and a group "Pro" with a monthly plan (level 2,
  /// a free week, a promotional offer, an offer code) and an annual plan (level 1, a win-back
  /// offer).
  static let document = """
    {
      "identifier" : "ABCDEF12",
      "nonRenewingSubscriptions" : [

      ],
      "products" : [
        {
          "displayPrice" : "0.99",
          "familyShareable" : false,
          "internalID" : "11111111",
          "localizations" : [
            { "description" : "A tip", "displayName" : "Tip", "locale" : "en_US" },
            { "description" : "Ein Trinkgeld", "displayName" : "Trinkgeld", "locale" : "de" }
          ],
          "productID" : "tip",
          "referenceName" : "Tip",
          "type" : "Consumable"
        }
      ],
      "settings" : {
        "_locale" : "en_US",
        "_storefront" : "USA",
        "_storeKitErrors" : [
          { "current" : { "index" : 2, "type" : "generic" }, "enabled" : false, "name" : "Load Products" }
        ],
        "_timeRate" : 0
      },
      "subscriptionGroups" : [
        {
          "id" : "GROUP1",
          "localizations" : [ { "description" : "", "displayName" : "Pro Zugang", "locale" : "de_DE" } ],
          "name" : "Pro",
          "subscriptions" : [
            {
              "adHocOffers" : [
                { "displayPrice" : "9.99", "numberOfPeriods" : 1, "offerID" : "promo", "paymentMode" : "payUpFront", "referenceName" : "Promo", "subscriptionPeriod" : "P6M" }
              ],
              "codeOffers" : [
                { "eligibility" : [ "new", "expired" ], "isStackable" : true, "paymentMode" : "free", "referenceName" : "CODE1", "subscriptionPeriod" : "P2M" }
              ],
              "displayPrice" : "4.99",
              "familyShareable" : true,
              "groupNumber" : 2,
              "internalID" : "22222222",
              "introductoryOffer" : { "paymentMode" : "free", "subscriptionPeriod" : "P1W" },
              "localizations" : [
                { "description" : "Every month", "displayName" : "Monthly", "locale" : "en_US" },
                { "description" : "Jeden Monat", "displayName" : "Monatlich", "locale" : "de_DE" }
              ],
              "productID" : "monthly",
              "recurringSubscriptionPeriod" : "P1M",
              "referenceName" : "Monthly",
              "subscriptionGroupID" : "GROUP1",
              "type" : "RecurringSubscription"
            },
            {
              "adHocOffers" : [

              ],
              "displayPrice" : "49.99",
              "familyShareable" : true,
              "groupNumber" : 1,
              "internalID" : "33333333",
              "introductoryOffer" : null,
              "localizations" : [
                { "description" : "Every year", "displayName" : "Annual", "locale" : "en_US" }
              ],
              "productID" : "annual",
              "recurringSubscriptionPeriod" : "P1Y",
              "referenceName" : "Annual",
              "subscriptionGroupID" : "GROUP1", "type" : "RecurringSubscription",
              "winbackOffers" : [
                { "displayPrice" : "2.99", "isEligible" : true, "numberOfPeriods" : 3, "offerID" : "back", "paymentMode" : "payAsYouGo", "referenceName" : "Come back", "subscriptionPeriod" : "P1M" }
              ]
            }
          ]
        }
      ],
      "version" : {
        "major" : 3,
        "minor" : 0
      }
    }
    """

  /// ``document`` with `old` (which must occur exactly once) replaced by `new`.
  static func document(
    replacing old: String, with new: String, sourceLocation: SourceLocation = #_sourceLocation
  ) throws -> String {
    let parts = document.components(separatedBy: old)
    try #require(
      parts.count == 2, "\"\(old)\" occurs once in the fixture", sourceLocation: sourceLocation)
    return parts.joined(separator: new)
  }

  /// A minimal valid file around `settings` (an object's text).
  static func document(settings: String) -> String {
    """
    { "settings" : \(settings), "version" : { "major" : 4, "minor" : 0 } }
    """
  }

  /// A catalog of `text`.
  static func catalog(_ text: String, locale: Locale? = nil) throws(CatalogError) -> Catalog {
    try Catalog(data: Data(text.utf8), locale: locale)
  }

  /// The error `text` fails with, or `nil` after recording an issue when it decodes.
  static func error(
    _ text: String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> CatalogError? {
    error(Data(text.utf8), sourceLocation: sourceLocation)
  }

  /// The error `data` fails with, or `nil` after recording an issue when it decodes.
  static func error(
    _ data: Data, sourceLocation: SourceLocation = #_sourceLocation
  ) -> CatalogError? {
    do {
      _ = try Catalog(data: data)
      Issue.record("decoded, but should have failed", sourceLocation: sourceLocation)
      return nil
    } catch {
      return error
    }
  }
}
