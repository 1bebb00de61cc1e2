import Foundation
import StoreModel
import Testing

@Suite struct CatalogErrorTests {
  /// A change to the valid fixture and the exact error it must cause.
  struct Mutation: Sendable, CustomTestStringConvertible {
    let name: String
    let old: String
    let new: String
    let code: CatalogError.Code
    let message: String
    var testDescription: String { name }
  }

  static let mutations: [Mutation] = [
    Mutation(
      name: "an unknown recurring period", old: #""P1Y""#, new: #""P1Q""#, code: .invalidValue,
      message: #"subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod: "P1Q" is "#
        + "not a subscription period (expected P<n>D, P<n>W, P<n>M or P<n>Y, like P1M)"),
    Mutation(
      name: "an offer period with a time part", old: #""P1W""#, new: #""PT1H""#,
      code: .invalidValue,
      message: "subscriptionGroups[0].subscriptions[0].introductoryOffer.subscriptionPeriod: "
        + #""PT1H" is not a subscription period (expected P<n>D, P<n>W, P<n>M or P<n>Y, "#
        + "like P1M)"),
    Mutation(
      name: "a period that is a number", old: #""recurringSubscriptionPeriod" : "P1M""#,
      new: #""recurringSubscriptionPeriod" : 1"#, code: .wrongType,
      message: "subscriptionGroups[0].subscriptions[0].recurringSubscriptionPeriod: expected "
        + "a string, found the number 1"),
    Mutation(
      name: "a negative price", old: #""displayPrice" : "0.99""#,
      new: #""displayPrice" : "-0.99""#, code: .invalidValue,
      message: "products[0].displayPrice: a price cannot be negative: -0.99"),
    Mutation(
      name: "a negative price as a JSON number", old: #""displayPrice" : "0.99""#,
      new: #""displayPrice" : -1"#, code: .invalidValue,
      message: "products[0].displayPrice: a price cannot be negative: -1"),
    Mutation(
      name: "a price with a decimal comma", old: #""displayPrice" : "4.99""#,
      new: #""displayPrice" : "4,99""#, code: .invalidValue,
      message: #"subscriptionGroups[0].subscriptions[0].displayPrice: not a price: the string "#
        + #""4,99" (expected digits with an optional '.', like "4.99")"#),
    Mutation(
      name: "a price with a currency symbol", old: #""displayPrice" : "49.99""#,
      new: #""displayPrice" : "$49.99""#, code: .invalidValue,
      message: #"subscriptionGroups[0].subscriptions[1].displayPrice: not a price: the string "#
        + #""$49.99" (expected digits with an optional '.', like "4.99")"#),
    Mutation(
      name: "a price that is a word", old: #""displayPrice" : "9.99""#,
      new: #""displayPrice" : "free""#, code: .invalidValue,
      message: "subscriptionGroups[0].subscriptions[0].adHocOffers[0].displayPrice: not a "
        + #"price: the string "free" (expected digits with an optional '.', like "4.99")"#),
    Mutation(
      name: "a price that is true", old: #""displayPrice" : "0.99""#,
      new: #""displayPrice" : true"#, code: .wrongType,
      message: #"products[0].displayPrice: expected a price (a string like "4.99"), found true"#),
    Mutation(
      name: "a product without a price", old: #""displayPrice" : "0.99""#,
      new: #""displayPrice" : """#, code: .invalidValue,
      message: "products[0].displayPrice: a product needs a price; found an empty string"),
    Mutation(
      name: "a missing product id", old: #""productID" : "tip","#, new: "", code: .missingKey,
      message: "products[0].productID: missing required key"),
    Mutation(
      name: "a null product id", old: #""productID" : "tip""#, new: #""productID" : null"#,
      code: .wrongType, message: "products[0].productID: expected a string, found null"),
    Mutation(
      name: "a missing level", old: #""groupNumber" : 1,"#, new: "", code: .missingKey,
      message: "subscriptionGroups[0].subscriptions[1].groupNumber: missing required key"),
    Mutation(
      name: "a level written as a string", old: #""groupNumber" : 2"#,
      new: #""groupNumber" : "2""#, code: .wrongType,
      message: "subscriptionGroups[0].subscriptions[0].groupNumber: expected an integer, found "
        + #"the string "2""#),
    Mutation(
      name: "a level of zero", old: #""groupNumber" : 2"#, new: #""groupNumber" : 0"#,
      code: .invalidValue,
      message: "subscriptionGroups[0].subscriptions[0].groupNumber: the level (groupNumber) "
        + "must be 1 or more; 1 is the highest"),
    Mutation(
      name: "a fractional level", old: #""groupNumber" : 2"#, new: #""groupNumber" : 1.5"#,
      code: .invalidValue,
      message: "subscriptionGroups[0].subscriptions[0].groupNumber: 1.5 is not a whole number"),
    Mutation(
      name: "a duplicate product id across arrays", old: #""productID" : "annual""#,
      new: #""productID" : "tip""#, code: .duplicateProductID,
      message: #"subscriptionGroups[0].subscriptions[1].productID: the product identifier "tip" "#
        + "is already used by products[0]"),
    Mutation(
      name: "a subscription type among products", old: #""type" : "Consumable""#,
      new: #""type" : "RecurringSubscription""#, code: .invalidValue,
      message: #"products[0].type: "RecurringSubscription" is not a product type of products "#
        + "(expected Consumable or NonConsumable)"),
    Mutation(
      name: "family sharing written as a word", old: #""familyShareable" : false"#,
      new: #""familyShareable" : "no""#, code: .wrongType,
      message: #"products[0].familyShareable: expected true or false, found the string "no""#),
    Mutation(
      name: "localizations that are an object",
      old:
        #""localizations" : [ { "description" : "", "displayName" : "Pro Zugang", "locale" : "de_DE" } ]"#,
      new: #""localizations" : { }"#, code: .wrongType,
      message: "subscriptionGroups[0].localizations: expected an array, found an object"),
    Mutation(
      name: "a localization without a locale", old: #", "locale" : "de" }"#, new: " }",
      code: .missingKey, message: "products[0].localizations[1].locale: missing required key"),
    Mutation(
      name: "an offer code without a reference name", old: #""referenceName" : "CODE1", "#,
      new: "", code: .missingKey,
      message: "subscriptionGroups[0].subscriptions[0].codeOffers[0].referenceName: missing "
        + "required key"),
    Mutation(
      name: "a promotional offer without an offer id", old: #""offerID" : "promo", "#, new: "",
      code: .missingKey,
      message: "subscriptionGroups[0].subscriptions[0].adHocOffers[0].offerID: missing "
        + "required key"),
    Mutation(
      name: "zero offer periods", old: #""numberOfPeriods" : 3"#,
      new: #""numberOfPeriods" : 0"#, code: .invalidValue,
      message: "subscriptionGroups[0].subscriptions[1].winbackOffers[0].numberOfPeriods: "
        + "numberOfPeriods must be 1 or more"),
    Mutation(
      name: "an offer code eligibility that is not a string", old: #"[ "new", "expired" ]"#,
      new: #"[ "new", 2 ]"#, code: .wrongType,
      message: "subscriptionGroups[0].subscriptions[0].codeOffers[0].eligibility[1]: expected "
        + "a string, found the number 2"),
    Mutation(
      name: "a missing version", old: #""version" : {"#, new: #""format" : {"#,
      code: .missingKey, message: "version: missing required key"),
    Mutation(
      name: "a version that is a string", old: #""major" : 3"#, new: #""major" : "3""#,
      code: .wrongType, message: #"version.major: expected an integer, found the string "3""#),
    Mutation(
      name: "a storefront that is not alpha-3", old: #""_storefront" : "USA""#,
      new: #""_storefront" : "US""#, code: .invalidValue,
      message: #"settings._storefront: "US" is not an ISO 3166-1 alpha-3 country code "#
        + "(like USA, GBR, DEU)"),
    Mutation(
      name: "a time rate that is a word", old: #""_timeRate" : 0"#,
      new: #""_timeRate" : "fast""#, code: .wrongType,
      message: #"settings._timeRate: expected an integer, found the string "fast""#),
    Mutation(
      name: "a compatibility time rate that is a string", old: #""_timeRate" : 0"#,
      new: #""_compatibilityTimeRate" : "6""#, code: .wrongType,
      message: "settings._compatibilityTimeRate: expected an integer or an object of "
        + #"integers, found the string "6""#),
    Mutation(
      name: "a negative simulated error index", old: #""index" : 2"#, new: #""index" : -1"#,
      code: .invalidValue,
      message: "settings._storeKitErrors[0].current.index: an error index cannot be negative"),
    Mutation(
      name: "a top-level subscriptions key", old: #""identifier" : "ABCDEF12","#,
      new: #""identifier" : "ABCDEF12", "subscriptions" : [],"#, code: .unexpectedKey,
      message: "subscriptions: not a key of a StoreKit configuration: auto-renewable "
        + "subscriptions belong in subscriptionGroups[].subscriptions"),
    Mutation(
      name: "a key given twice", old: #""referenceName" : "Tip","#,
      new: #""referenceName" : "Tip", "referenceName" : "Tip2","#, code: .duplicateKey,
      message: #"products[0].referenceName: the key "referenceName" appears twice in one "#
        + "object (again at line 16, column 32)"),
  ]

  @Test("each kind of bad value fails with its key path and reason", arguments: mutations)
  func mutation(_ mutation: Mutation) throws {
    let text = try CatalogFixtures.document(replacing: mutation.old, with: mutation.new)
    let error = try #require(CatalogFixtures.error(text))
    #expect(error.code == mutation.code)
    if !mutation.message.isEmpty {
      #expect(error.description == mutation.message)
    }
  }

  @Test("the fixture itself decodes")
  func fixtureIsValid() throws {
    let catalog = try CatalogFixtures.catalog(CatalogFixtures.document)
    #expect(catalog.products.count == 3)
    #expect(catalog.warnings.isEmpty)
  }

  /// Whole inputs and the exact errors they cause.
  struct Input: Sendable, CustomTestStringConvertible {
    let name: String
    let bytes: [UInt8]
    let code: CatalogError.Code
    let message: String
    init(_ name: String, _ text: String, _ code: CatalogError.Code, _ message: String) {
      self.init(name, Array(text.utf8), code, message)
    }
    init(_ name: String, _ bytes: [UInt8], _ code: CatalogError.Code, _ message: String) {
      self.name = name
      self.bytes = bytes
      self.code = code
      self.message = message
    }
    var testDescription: String { name }
  }

  static let inputs: [Input] = [
    Input("an empty file", "", .empty, "the file is empty"),
    Input("only whitespace", " \n\t\n", .empty, "the file holds only whitespace"),
    Input(
      "an XML property list",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0"><dict/></plist>
      """, .notJSON, "not JSON: looks like an XML property list"),
    Input(
      "a plist without a declaration", "<plist><dict/></plist>", .notJSON,
      "not JSON: looks like an XML property list"),
    Input("HTML", "<html></html>", .notJSON, "not JSON: looks like XML or HTML"),
    Input(
      "a binary property list", "bplist00\u{1}", .notJSON,
      "not JSON: looks like a binary property list"),
    Input(
      "UTF-16 text", [0xFF, 0xFE, 0x7B, 0x00, 0x7D, 0x00], .notJSON,
      "not JSON: looks like UTF-16 text (Xcode writes UTF-8)"),
    Input("prose", "hello", .notJSON, "not JSON: 'h' where a value belongs at line 1, column 1"),
    Input(
      "a top-level array", "[]", .wrongType,
      "expected a JSON object at the top of the file, found an array"),
    Input(
      "a top-level string", #""products""#, .wrongType,
      #"expected a JSON object at the top of the file, found the string "products""#),
    Input(
      "a missing comma", "{\n  \"version\" : {}\n  \"products\" : []\n}", .notJSON,
      "not JSON: '\"' where ',' or '}' belongs at line 3, column 3"),
    Input(
      "one key spelled two ways", #"{"version" : 1, "versio\u006E" : 2}"#, .duplicateKey,
      #"version: the key "version" appears twice in one object (again at line 1, column 17)"#),
    Input(
      "a trailing comma", #"{"products" : [1,]}"#, .notJSON,
      "products[1]: not JSON: ']' where a value belongs at line 1, column 18"),
    Input(
      "single quotes", "{'products' : []}", .notJSON,
      "not JSON: ''' where a key in double quotes belongs at line 1, column 2"),
    Input(
      "text after the object", #"{"version" : {"major" : 1}} x"#, .notJSON,
      "not JSON: more text after the end of the JSON value at line 1, column 29"),
    Input(
      "a leading zero", #"{"version" : {"major" : 01}}"#, .notJSON,
      "version.major: not JSON: a number with a leading zero at line 1, column 25"),
    Input(
      "an unknown escape", #"{"identifier" : "a\qb"}"#, .notJSON,
      #"identifier: not JSON: an unknown escape '\q' in a string at line 1, column 20"#),
    Input(
      "a raw newline in a string", "{\"identifier\" : \"a\nb\"}", .notJSON,
      "identifier: not JSON: a control character inside a string at line 1, column 19"),
    Input(
      "invalid UTF-8 in a string", [0x7B, 0x22, 0xC3, 0x28, 0x22, 0x3A, 0x31, 0x7D], .notJSON,
      "not JSON: a string that is not valid UTF-8 at line 1, column 2"),
    Input(
      "a lone surrogate", #"{"identifier" : "\uD800x"}"#, .notJSON,
      "identifier: not JSON: an unpaired surrogate escape in a string at line 1, column 18"),
    Input(
      "cut after a key", #"{"products" : [ {"productID" : "a""#, .truncated,
      "products[0]: truncated: the data ends inside an object (at line 1, column 35)"),
    Input(
      "cut inside a string", "{\n\"identifier\" : \"AB", .truncated,
      "identifier: truncated: the data ends inside a string (at line 2, column 19)"),
    Input(
      "cut inside a literal", #"{"settings" : {"_askToBuyEnabled" : tr"#, .truncated,
      "settings._askToBuyEnabled: truncated: the data ends inside the literal 'true' "
        + "(at line 1, column 39)"),
    Input(
      "cut inside a number", #"{"version" : {"major" : 4."#, .truncated,
      "version.major: truncated: the data ends inside a number (at line 1, column 27)"),
    Input(
      "cut after a colon", #"{"version" :"#, .truncated,
      "version: truncated: the data ends inside a value (at line 1, column 13)"),
    Input(
      "an open bracket", "[", .truncated,
      "[0]: truncated: the data ends inside a value (at line 1, column 2)"),
    Input(
      "settings that are an array", #"{"settings" : [], "version" : {"major" : 1}}"#,
      .wrongType, "settings: expected an object, found an array"),
  ]

  @Test("each kind of broken file fails with its exact reason", arguments: inputs)
  func input(_ input: Input) throws {
    let error = try #require(CatalogFixtures.error(Data(input.bytes)))
    #expect(error.code == input.code)
    #expect(error.description == input.message)
  }

  @Test("nesting deeper than any configuration is refused, not a stack overflow")
  func deepNesting() throws {
    let text = #"{"appPolicies" : "# + String(repeating: "[", count: 100_000)
    let error = try #require(CatalogFixtures.error(text))
    #expect(error.code == .tooDeep)
    #expect(error.reason.hasPrefix("arrays and objects nested more than 128 levels deep"))
    #expect(error.keyPath.hasPrefix("appPolicies[0][0][0]"))
  }

  @Test("a wrong type deep in a subscription names the whole path")
  func deepWrongType() throws {
    let text = try CatalogFixtures.document(
      replacing: #""isStackable" : true"#, with: #""isStackable" : "yes""#)
    let error = try #require(CatalogFixtures.error(text))
    #expect(error.code == .wrongType)
    #expect(error.keyPath == "subscriptionGroups[0].subscriptions[0].codeOffers[0].isStackable")
    #expect(error.reason == #"expected true or false, found the string "yes""#)
  }

  @Test("a subscription filed under another group's id is refused")
  func mismatchedGroupID() throws {
    let text = try CatalogFixtures.document(
      replacing: #""subscriptionGroupID" : "GROUP1", "type""#,
      with: #""subscriptionGroupID" : "GROUP2", "type""#)
    let error = try #require(CatalogFixtures.error(text))
    #expect(
      error.description
        == "subscriptionGroups[0].subscriptions[1].subscriptionGroupID: \"GROUP2\" is not the "
        + "id of the enclosing subscription group (\"GROUP1\")")
  }

  @Test("two groups with one id are refused")
  func duplicateGroupID() throws {
    let text = """
      { "subscriptionGroups" : [ { "id" : "G", "name" : "A" }, { "id" : "G", "name" : "B" } ],
        "version" : { "major" : 4, "minor" : 0 } }
      """
    let error = try #require(CatalogFixtures.error(text))
    #expect(
      error.description
        == #"subscriptionGroups[1].id: the group id "G" is already used by subscriptionGroups[0]"#)
  }

  @Test("errors are equal by code; the description is key.path: reason; the origin is kept")
  func errorValue() {
    let one = CatalogError(
      .invalidValue, at: "products[0].displayPrice", "a price cannot be negative: -1")
    let other = CatalogError(.invalidValue, "something else")
    #expect(one == other)
    #expect(one != CatalogError(.wrongType, "something else"))
    #expect(one.description == "products[0].displayPrice: a price cannot be negative: -1")
    #expect(other.description == "something else")
    #expect(one.fileID == "StoreModelTests/CatalogErrorTests.swift")
    #expect(one.line > 0)
    #expect(Set([one, other]).count == 1)
  }
}
