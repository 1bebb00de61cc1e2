import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// The payload decoder gives `JSONDecoder`'s results (with `AppStoreJSON`'s conventions) on every
/// payload of the corpus, and is stricter about what is JSON.
@Suite struct PayloadDecoderTests {
  /// Every JWS payload of the corpus and every model, as JSON bytes.
  static func corpusPayloads() throws -> [(String, Data)] {
    guard let jws = Corpus.jws else { return [] }
    var payloads: [(String, Data)] = []
    for folder in [
      "real", "app-store-server-library/xcode", "app-store-server-library/mock_signed_data",
    ] {
      let url = jws.appendingPathComponent(folder)
      for file in try FileManager.default.contentsOfDirectory(atPath: url.path).sorted()
      where file.hasSuffix(".txt") {
        let text = try String(contentsOf: url.appendingPathComponent(file), encoding: .utf8)
        if let parsed = try? UnverifiedJWS(
          parsing: text.trimmingCharacters(in: .whitespacesAndNewlines))
        {
          payloads.append((file, parsed.payloadJSON))
        }
      }
    }
    let models = jws.appendingPathComponent("app-store-server-library/models")
    for file in try FileManager.default.contentsOfDirectory(atPath: models.path).sorted() {
      payloads.append((file, try Data(contentsOf: models.appendingPathComponent(file))))
    }
    return payloads
  }

  func expectSame<T: Decodable & Equatable>(
    _ type: T.Type, _ data: Data, _ name: String, sourceLocation: SourceLocation = #_sourceLocation
  ) {
    let expected = try? AppStoreJSON.decoder().decode(type, from: data)
    let actual = try? PayloadDecoder.decode(type, from: Array(data))
    #expect(actual == expected, "\(name) as \(type)", sourceLocation: sourceLocation)
  }

  @Test(
    "every corpus payload decodes as JSONDecoder decodes it, as every kind",
    .enabled(if: Corpus.isPresent, Corpus.absent))
  func matchesJSONDecoder() throws {
    let payloads = try Self.corpusPayloads()
    #expect(payloads.count > 70)
    for (name, data) in payloads {
      expectSame(Transaction.self, data, name)
      expectSame(RenewalInfo.self, data, name)
      expectSame(ServerNotification.self, data, name)
      expectSame(AppTransaction.self, data, name)
      expectSame(ServerNotification.AppData.self, data, name)
    }
  }

  @Test("fractional and negative millisecond dates decode like JSONDecoder's")
  func dates() throws {
    let json = Data(
      #"{"receiptType":"Xcode","bundleId":"b","applicationVersion":"1","originalApplicationVersion":"1","receiptCreationDate":1697680122257.447,"originalPurchaseDate":-62135769600000,"preorderDate":1e3}"#
        .utf8)
    expectSame(AppTransaction.self, json, "dates")
    let decoded = try PayloadDecoder.decode(AppTransaction.self, from: Array(json))
    #expect(decoded.preorderDate == Date(timeIntervalSince1970: 1))
  }

  @Test("unknown raw values survive in the raw-value types")
  func unknownValues() throws {
    var transaction = Fixtures.transaction()
    transaction.offerType = OfferType(rawValue: 42)
    transaction.productType = ProductType(rawValue: "Future Kind")
    let data = try AppStoreJSON.encoder().encode(transaction)
    let decoded = try PayloadDecoder.decode(Transaction.self, from: Array(data))
    #expect(decoded.offerType?.rawValue == 42)
    #expect(decoded.productType.rawValue == "Future Kind")
    expectSame(Transaction.self, data, "unknown values")
  }

  @Test(
    "duplicate members, non-finite numbers and trailing bytes are refused",
    arguments: [
      #"{"notificationType":"TEST","notificationType":"TEST"}"#,
      #"{"notificationType":"TEST","signedDate":1e999}"#, #"{"notificationType":"TEST"} {}"#,
      #"{"notificationType":"TEST","a":[1,]}"#, #"{"notificationType":"TEST","a":"\ud800"}"#,
      #"{"notificationType":"TEST","a":00}"#,
      // One name spelled two ways is still a duplicate: names compare after unescaping.
      #"{"notificationType":"TEST","notification\u0054ype":"REFUND"}"#,
    ])
  func strictness(_ json: String) {
    #expect(throws: DecodingError.self) {
      try PayloadDecoder.decode(ServerNotification.self, from: Array(json.utf8))
    }
  }

  @Test("an error names the key path of the field at fault")
  func errorPaths() throws {
    let json = #"{"notificationType":"TEST","data":{"appAppleId":"not a number"}}"#
    do {
      _ = try PayloadDecoder.decode(ServerNotification.self, from: Array(json.utf8))
      Issue.record("accepted a string app Apple id")
    } catch let DecodingError.typeMismatch(_, context) {
      #expect(context.codingPath.map(\.stringValue) == ["data", "appAppleId"])
    }
  }

  @Test("integers outside their type's range are refused, in range accepted")
  func integerRanges() throws {
    struct Numbers: Decodable, Equatable {
      var small: Int8
      var big: UInt64
      var negative: Int64
      var whole: Int
    }
    let good =
      #"{"small":-128,"big":18446744073709551615,"negative":-9223372036854775808,"whole":2.0}"#
    #expect(
      try PayloadDecoder.decode(Numbers.self, from: Array(good.utf8))
        == Numbers(small: -128, big: .max, negative: .min, whole: 2))
    for bad in [
      #"{"small":128,"big":1,"negative":1,"whole":1}"#,
      #"{"small":1,"big":18446744073709551616,"negative":1,"whole":1}"#,
      #"{"small":1,"big":-1,"negative":1,"whole":1}"#,
      #"{"small":1,"big":1,"negative":1,"whole":1.5}"#,
    ] {
      #expect(throws: DecodingError.self) {
        try PayloadDecoder.decode(Numbers.self, from: Array(bad.utf8))
      }
    }
  }
}
