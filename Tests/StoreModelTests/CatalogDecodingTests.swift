import Foundation
import StoreModel
import Testing

@Suite struct CatalogDecodingTests {
  @Test("consumables, subscriptions and their offers come through typed")
  func offers() throws {
    let catalog = try CatalogFixtures.catalog(CatalogFixtures.document)
    #expect(catalog.identifier == "ABCDEF12")
    #expect(catalog.version == Catalog.FormatVersion(major: 3, minor: 0))

    let tip = try #require(catalog.product(id: "tip"))
    #expect(tip.type == .consumable)
    #expect(tip.displayName == "Tip")
    #expect(tip.displayPrice == "$0.99")
    #expect(tip.subscription == nil)

    let monthly = try #require(catalog.entry(id: "monthly"))
    #expect(monthly.configurationType == "RecurringSubscription")
    #expect(monthly.referenceName == "Monthly")
    #expect(monthly.internalID == "22222222")
    let intro = try #require(monthly.product.subscription?.introductoryOffer)
    #expect(
      intro
        == SubscriptionOffer(
          id: nil, type: .introductory, paymentMode: .freeTrial, price: 0, displayPrice: "$0.00",
          period: .weekly, periodCount: 1))
    let promo = try #require(monthly.promotionalOffer(id: "promo"))
    #expect(promo.offer.type == .promotional)
    #expect(promo.offer.paymentMode == .payUpFront)
    #expect(promo.offer.price == Decimal(string: "9.99"))
    #expect(promo.offer.displayPrice == "$9.99")
    #expect(promo.offer.period == SubscriptionPeriod(value: 6, unit: .month))
    #expect(promo.referenceName == "Promo")
    #expect(monthly.product.subscription?.promotionalOffers == [promo.offer])
    let code = try #require(monthly.codeOffer(referenceName: "CODE1"))
    #expect(code.offer.type == .code)
    #expect(code.offer.id == "CODE1")
    #expect(code.eligibility == ["new", "expired"])
    #expect(code.isStackable == true)
    #expect(code.offer.period == SubscriptionPeriod(value: 2, unit: .month))

    let annual = try #require(catalog.entry(id: "annual"))
    #expect(annual.product.subscription?.introductoryOffer == nil)
    let winBack = try #require(annual.winBackOffer(id: "back"))
    #expect(winBack.offer.type == .winBack)
    #expect(winBack.offer.paymentMode == .payAsYouGo)
    #expect(winBack.offer.periodCount == 3)
    #expect(winBack.offer.displayPrice == "$2.99")
    #expect(winBack.isEligible == true)
    #expect(annual.product.subscription?.winBackOffers == [winBack.offer])
    #expect(annual.winBackOffer(id: "promo") == nil)
  }

  @Test("groups list their plans by level, highest first; equal levels are one level")
  func levels() throws {
    let catalog = try CatalogFixtures.catalog(CatalogFixtures.document)
    let group = try #require(catalog.subscriptionGroup(id: "GROUP1"))
    #expect(group.name == "Pro")
    #expect(group.displayName == "Pro Zugang", "the only localization, as for products")
    #expect(group.products.map(\.id) == ["annual", "monthly"])
    #expect(group.levels == [1, 2])
    #expect(group.level(of: "monthly") == 2)
    #expect(group.level(of: "tip") == nil)
    #expect(group.products(atLevel: 1).map(\.id) == ["annual"])
    #expect(catalog.subscriptionGroup(containing: "annual")?.id == "GROUP1")
    #expect(catalog.subscriptionGroup(containing: "tip") == nil)

    let sameLevel = try CatalogFixtures.catalog(
      try CatalogFixtures.document(replacing: #""groupNumber" : 2"#, with: #""groupNumber" : 1"#))
    let flat = try #require(sameLevel.subscriptionGroups.first)
    #expect(flat.levels == [1])
    #expect(flat.products.map(\.id) == ["monthly", "annual"], "file order within a level")
  }

  @Test("names follow the locale: exact, then language, then en_US, then the first entry")
  func localizations() throws {
    let german = try CatalogFixtures.catalog(
      CatalogFixtures.document, locale: Locale(identifier: "de_DE"))
    #expect(german.product(id: "monthly")?.displayName == "Monatlich")
    #expect(german.product(id: "tip")?.displayName == "Trinkgeld", "language match: de")
    #expect(german.product(id: "annual")?.displayName == "Annual", "en_US fallback")
    #expect(german.subscriptionGroups.first?.displayName == "Pro Zugang")
    #expect(german.product(id: "monthly")?.subscription?.groupDisplayName == "Pro Zugang")

    let french = try CatalogFixtures.catalog(
      CatalogFixtures.document, locale: Locale(identifier: "fr_FR"))
    #expect(french.product(id: "monthly")?.displayName == "Monthly")

    let fromSettings = try CatalogFixtures.catalog(
      try CatalogFixtures.document(
        replacing: #""_locale" : "en_US""#, with: #""_locale" : "de-DE""#))
    #expect(fromSettings.product(id: "monthly")?.displayName == "Monatlich")

    let onlyJapanese = try CatalogFixtures.catalog(
      """
      { "products" : [ { "displayPrice" : "1200", "localizations" : [
          { "description" : "", "displayName" : "コイン", "locale" : "ja" },
          { "description" : "", "displayName" : "Coins", "locale" : "zh_Hans" } ],
        "productID" : "coins", "type" : "Consumable" } ],
        "version" : { "major" : 1, "minor" : 0 } }
      """)
    #expect(onlyJapanese.product(id: "coins")?.displayName == "コイン", "the first entry")
    #expect(onlyJapanese.entry(id: "coins")?.localizations.count == 2)
  }

  @Test("every settings key is read and typed")
  func settings() throws {
    let catalog = try CatalogFixtures.catalog(
      CatalogFixtures.document(
        settings: """
          {
            "_applicationInternalID" : "6756204776",
            "_askToBuyEnabled" : true,
            "_billingGracePeriodEnabled" : true,
            "_billingIssuesEnabled" : true,
            "_compatibilityTimeRate" : { "3" : 6, "5" : 1004 },
            "_developerTeamID" : "AB3TLZ2LJT",
            "_disableDialogs" : true,
            "_failTransactionsEnabled" : true,
            "_lastSynchronizedDate" : 726429294.46772897,
            "_locale" : "ja",
            "_renewalBillingIssuesEnabled" : true,
            "_shouldSetupSyncOnLoad" : true,
            "_storefront" : "jpn",
            "_storeKitError" : 11,
            "_storeKitErrors" : [
              { "current" : { "index" : 1, "type" : "purchase" }, "enabled" : true, "name" : "Purchase" },
              { "enabled" : true, "name" : "Load Products" },
              { "current" : null, "enabled" : false, "name" : "App Store Sync" }
            ],
            "_timeRate" : 1005
          }
          """))
    let settings = catalog.settings
    #expect(settings.askToBuyEnabled)
    #expect(settings.billingIssuesEnabled)
    #expect(settings.renewalBillingIssuesEnabled)
    #expect(settings.billingGracePeriodEnabled)
    #expect(settings.failTransactionsEnabled)
    #expect(settings.disableDialogs)
    #expect(settings.shouldSetupSyncOnLoad)
    #expect(settings.legacyStoreKitErrorCode == 11)
    #expect(settings.timeRate == .oneRenewalEveryTwoSeconds)
    #expect(
      settings.compatibilityTimeRate
        == .byServiceVersion(["3": .oneSecondIsOneDay, "5": .oneRenewalEveryTenSeconds]))
    #expect(settings.applicationInternalID == "6756204776")
    #expect(settings.developerTeamID == "AB3TLZ2LJT")
    #expect(settings.isSyncedWithAppStoreConnect)
    #expect(
      settings.lastSynchronizedDate
        == Date(timeIntervalSinceReferenceDate: 726_429_294.467_728_97))
    #expect(settings.storefrontCountryCode == "JPN")
    #expect(settings.localeIdentifier == "ja")
    #expect(catalog.storefront.currencyCode == "JPY")
    #expect(catalog.locale.identifier == "ja")

    let purchase = try #require(settings.simulatedError(for: .purchase))
    #expect(purchase == .init(type: "purchase", index: 1))
    #expect(purchase.errorName == "productUnavailable")
    #expect(purchase.description == "purchase[1] productUnavailable")
    #expect(
      settings.simulatedError(for: .loadProducts) == .init(type: "generic", index: 0),
      "enabled without current: the API's first error")
    #expect(settings.simulatedError(for: .appStoreSync) == nil)
    #expect(settings.simulatedError(for: .verification) == nil, "absent entry")
    #expect(catalog.warnings.isEmpty)
  }

  @Test("a file without settings, or with an empty settings object, gets the defaults")
  func defaultSettings() throws {
    let none = try CatalogFixtures.catalog(#"{"version":{"major":4,"minor":0}}"#)
    #expect(none.settings == CatalogSettings())
    #expect(none.storefront == .unitedStates)
    #expect(none.products.isEmpty && none.subscriptionGroups.isEmpty)
    let empty = try CatalogFixtures.catalog(CatalogFixtures.document(settings: "{\n\n}"))
    #expect(empty.settings == CatalogSettings())
    #expect(!empty.settings.isSyncedWithAppStoreConnect)
  }

  @Test("the legacy integer _compatibilityTimeRate and an integer sync date are accepted")
  func legacySettings() throws {
    let catalog = try CatalogFixtures.catalog(
      CatalogFixtures.document(
        settings:
          #"{ "_compatibilityTimeRate" : 6, "_lastSynchronizedDate" : 0, "_timeRate" : 15 }"#
      ))
    #expect(catalog.settings.compatibilityTimeRate == .single(.oneSecondIsOneDay))
    #expect(catalog.settings.lastSynchronizedDate == Date(timeIntervalSinceReferenceDate: 0))
    #expect(catalog.settings.timeRate == .monthlyRenewalEveryThirtySeconds)
  }

  @Test("an undeclared time rate is kept with a warning")
  func unknownTimeRate() throws {
    let catalog = try CatalogFixtures.catalog(
      CatalogFixtures.document(settings: #"{ "_timeRate" : 14 }"#))
    #expect(catalog.settings.timeRate.rawValue == 14)
    #expect(!catalog.settings.timeRate.isKnown)
    #expect(
      catalog.warnings.map(\.description)
        == ["settings._timeRate: 14 is not a SKTestSession.TimeRate value"])
  }

  @Test("an unknown storefront sells in US dollars, with a warning")
  func unknownStorefront() throws {
    let catalog = try CatalogFixtures.catalog(
      CatalogFixtures.document(settings: #"{ "_storefront" : "ATA" }"#))
    #expect(catalog.storefront.countryCode == "ATA")
    #expect(catalog.storefront.currencyCode == "USD")
    #expect(
      catalog.warnings.map(\.description)
        == [
          "settings._storefront: no currency known for the storefront ATA; prices are taken as USD"
        ])
  }

  @Test("unknown keys and an unknown major version are accepted and reported")
  func tolerance() throws {
    var text = try CatalogFixtures.document(
      replacing: #""major" : 3"#, with: #""major" : 9"#)
    text = text.replacingOccurrences(
      of: #""identifier" : "ABCDEF12","#,
      with: #""identifier" : "ABCDEF12", "futureKey" : { "a" : [1, 2] },"#)
    text = text.replacingOccurrences(
      of: #""productID" : "tip","#, with: #""productID" : "tip", "sparkle" : true,"#)
    let catalog = try CatalogFixtures.catalog(text)
    #expect(catalog.version.major == 9)
    #expect(catalog.products.count == 3)
    #expect(
      catalog.warnings.map(\.description) == [
        "futureKey: unknown key, ignored",
        "version: format 9.0 is newer or other than those known (1.0 to 6.3); read by its keys",
        "products[0].sparkle: unknown key, ignored",
      ])
  }

  @Test("introductoryOffers wins over introductoryOffer; the up-front plan's intro is the one")
  func introductoryOffersByKeyPresence() throws {
    let text = """
      { "subscriptionGroups" : [ { "id" : "G", "name" : "G", "subscriptions" : [ {
          "billingPlans" : [
            { "billingPlanType" : "BILLED_UPFRONT", "commitmentDisplayPrice" : "11.88", "displayPrice" : "11.88", "internalID" : "A", "isEnabled" : true },
            { "billingPlanType" : "MONTHLY", "commitmentDisplayPrice" : "12.00", "displayPrice" : "1" }
          ],
          "displayPrice" : "11.88", "groupNumber" : 1,
          "introductoryOffer" : { "paymentMode" : "free", "subscriptionPeriod" : "P1W" },
          "introductoryOffers" : [
            { "billingPlanType" : "MONTHLY", "paymentMode" : "free", "subscriptionPeriod" : "P1M" },
            { "billingPlanType" : "BILLED_UPFRONT", "paymentMode" : "free", "subscriptionPeriod" : "P2W" }
          ],
          "productID" : "yearly", "recurringSubscriptionPeriod" : "P1Y", "type" : "RecurringSubscription" } ] } ],
        "version" : { "major" : 3, "minor" : 0 } }
      """
    let catalog = try CatalogFixtures.catalog(text)
    let entry = try #require(catalog.entry(id: "yearly"))
    #expect(entry.introductoryOffers.map(\.billingPlanType) == ["MONTHLY", "BILLED_UPFRONT"])
    #expect(
      entry.product.subscription?.introductoryOffer?.period
        == SubscriptionPeriod(value: 2, unit: .week))
    #expect(entry.billingPlans.count == 2)
    #expect(entry.billingPlans[1].type == Catalog.BillingPlan.monthly)
    #expect(entry.billingPlans[1].price == 1)
    #expect(entry.billingPlans[1].commitmentPrice == 12)
    #expect(entry.billingPlans[1].isEnabled, "isEnabled defaults to true")
    #expect(entry.billingPlans[0].internalID == "A")
  }

  @Test("offer quirks: free trials ignore a leftover price, '' is 0, 'none' and unknown modes drop")
  func offerQuirks() throws {
    let text = """
      { "subscriptionGroups" : [ { "id" : "G", "name" : "G", "subscriptions" : [
        { "adHocOffers" : [
            { "displayPrice" : "", "numberOfPeriods" : 2, "offerID" : "half", "paymentMode" : "payAsYouGo", "subscriptionPeriod" : "P1M" },
            { "offerID" : "odd", "paymentMode" : "payLater", "subscriptionPeriod" : "P1M" }
          ],
          "displayPrice" : "4.99", "groupNumber" : 1,
          "introductoryOffer" : { "displayPrice" : "0.99", "paymentMode" : "free", "subscriptionPeriod" : "P3D" },
          "productID" : "a", "recurringSubscriptionPeriod" : "P1M", "type" : "RecurringSubscription" },
        { "displayPrice" : 9.99, "groupNumber" : 2,
          "introductoryOffer" : { "displayPrice" : "0.99", "paymentMode" : "none" },
          "productID" : "b", "recurringSubscriptionPeriod" : "P1M", "type" : "RecurringSubscription" } ] } ],
        "version" : { "major" : 3, "minor" : 0 } }
      """
    let catalog = try CatalogFixtures.catalog(text)
    let first = try #require(catalog.entry(id: "a"))
    let trial = try #require(first.product.subscription?.introductoryOffer)
    #expect(trial.price == 0)
    #expect(trial.period == SubscriptionPeriod(value: 3, unit: .day))
    #expect(first.promotionalOffers.map { $0.offer.id } == ["half"])
    #expect(first.promotionalOffers.first?.offer.price == 0)
    #expect(first.promotionalOffers.first?.offer.periodCount == 2)
    let second = try #require(catalog.product(id: "b"))
    #expect(second.price == Decimal(string: "9.99"), "a JSON number, read exactly")
    #expect(second.subscription?.introductoryOffer == nil)
    #expect(
      catalog.warnings.map(\.description) == [
        #"subscriptionGroups[0].subscriptions[0].adHocOffers[1].paymentMode: unknown payment mode "payLater"; the offer is left out"#
      ])
  }

  @Test("format 1.0: no identifier, no non-renewing array, null reference names")
  func formatOne() throws {
    let catalog = try CatalogFixtures.catalog(
      """
      {
        "products" : [ { "displayPrice" : "3.99", "familyShareable" : false, "internalID" : "CCFD9971",
          "localizations" : [ { "description" : "", "displayName" : "Tip", "locale" : "en_US" } ],
          "productID" : "tip", "referenceName" : null, "type" : "NonConsumable" } ],
        "settings" : {

        },
        "subscriptionGroups" : [

        ],
        "version" : { "major" : 1, "minor" : 0 }
      }
      """)
    #expect(catalog.identifier == nil)
    #expect(catalog.entry(id: "tip")?.referenceName == nil)
    #expect(catalog.product(id: "tip")?.type == .nonConsumable)
  }

  @Test("non-renewing subscriptions have no subscription info")
  func nonRenewing() throws {
    let catalog = try CatalogFixtures.catalog(
      try CatalogFixtures.document(
        replacing: #""nonRenewingSubscriptions" : ["#,
        with:
          #""nonRenewingSubscriptions" : [ { "displayPrice" : "1.69", "productID" : "season", "type" : "NonRenewingSubscription" }"#
      ))
    let season = try #require(catalog.product(id: "season"))
    #expect(season.type == .nonRenewable)
    #expect(season.subscription == nil)
    #expect(season.displayName == "")
    #expect(catalog.products.map(\.id) == ["tip", "season", "monthly", "annual"])
  }

  @Test("suites (6.3) are read as best they can be; a broken suite entry is left out")
  func suites() throws {
    let text = """
      { "subscriptionSuiteGroups" : [ { "id" : "S", "localizations" : [], "name" : "Suite", "subscriptions" : [
          { "displayPrice" : "99.99", "duration" : "P1Y", "groupNumber" : 1, "isFamilyShareable" : true,
            "members" : [], "productID" : "suite.yearly", "subscriptionGroupID" : "S", "type" : "SubscriptionSuite" },
          { "displayPrice" : "9.99", "duration" : "monthly", "groupNumber" : 2,
            "productID" : "suite.monthly", "type" : "SubscriptionSuite" } ] } ],
        "subscriptionBundleGroups" : [],
        "version" : { "major" : 6, "minor" : 3 } }
      """
    let catalog = try CatalogFixtures.catalog(text)
    let suite = try #require(catalog.product(id: "suite.yearly"))
    #expect(suite.type == .subscriptionSuite)
    #expect(suite.isFamilyShareable)
    #expect(suite.subscription?.subscriptionPeriod == .yearly)
    #expect(catalog.subscriptionSuiteGroups.first?.products.map(\.id) == ["suite.yearly"])
    #expect(catalog.subscriptionGroup(containing: "suite.yearly")?.name == "Suite")
    #expect(catalog.product(id: "suite.monthly") == nil)
    #expect(
      catalog.warnings.map(\.description) == [
        #"subscriptionSuiteGroups[0].subscriptions[1].duration: "monthly" is not a subscription period (expected P<n>D, P<n>W, P<n>M or P<n>Y, like P1M); this suite entry is left out"#
      ])
  }

  @Test("a suite cannot reuse a product id")
  func suiteDuplicate() throws {
    let text = """
      { "products" : [ { "displayPrice" : "1", "productID" : "x", "type" : "Consumable" } ],
        "subscriptionSuiteGroups" : [ { "id" : "S", "name" : "Suite", "subscriptions" : [
          { "displayPrice" : "99.99", "duration" : "P1Y", "groupNumber" : 1, "productID" : "x", "type" : "SubscriptionSuite" } ] } ],
        "version" : { "major" : 6, "minor" : 3 } }
      """
    let error = try #require(CatalogFixtures.error(text))
    #expect(error.code == .duplicateProductID)
    #expect(error.keyPath == "subscriptionSuiteGroups[0].subscriptions[0].productID")
  }

  @Test("the offers key pair and app policies are kept")
  func keyPairAndPolicies() throws {
    let text = """
      { "appPolicies" : { "eula" : "Terms\\nof use", "policies" : [ { "locale" : "en_US", "policyText" : "", "policyURL" : "https://88oakapps.com/privacy" } ] },
        "subscriptionOffersKeyPair" : { "id" : "8D3F5B42", "privateKey" : "AAEC" },
        "version" : { "major" : 4, "minor" : 0 } }
      """
    let catalog = try CatalogFixtures.catalog(text)
    #expect(catalog.subscriptionOffersKeyPair?.keyID == "8D3F5B42")
    #expect(catalog.subscriptionOffersKeyPair?.privateKeyDER == Data([0, 1, 2]))
    #expect(catalog.appPolicies?.eula == "Terms\nof use")
    #expect(catalog.appPolicies?.policies.first?.url == "https://88oakapps.com/privacy")
  }

  @Test("JSON details: a UTF-8 byte order mark, escapes, surrogate pairs, raw UTF-8")
  func jsonDetails() throws {
    let text =
      #"{ "identifier" : "\u00e9\uD83C\uDFDF\t\"\/é", "version" : { "major" : 1, "minor" : 0 } }"#
    let catalog = try Catalog(data: Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
    #expect(catalog.identifier == "é🏟\t\"/é")
  }
}
