import Foundation
import LocalAppStore
import StoreModel

/// Get Transaction History's query, checked in Apple's terms: `startDate` (inclusive) and
/// `endDate` (exclusive) on `purchaseDate` in milliseconds, `productId`, `productType` and
/// `subscriptionGroupIdentifier` repeatable, `inAppOwnershipType`, `revoked` (`True`/`true`:
/// Apple's Python client sends Python's spelling, the others JSON's), the deprecated
/// `excludeRevoked`, `sort`, and `revision`, which must come with the same query again.
struct HistoryQuery {
  var startDate: Date?
  var endDate: Date?
  var productIDs: Set<String> = []
  var productTypes: Set<ProductType> = []
  var groupIDs: Set<String> = []
  var ownership: OwnershipType?
  var revoked: Bool?
  var descending = false
  var revision: String?
  /// A digest of everything but `revision`: a revision made for another query is refused.
  var digest: UInt64

  static let productTypes: [String: ProductType] = [
    "AUTO_RENEWABLE": .autoRenewable, "NON_RENEWABLE": .nonRenewable,
    "CONSUMABLE": .consumable, "NON_CONSUMABLE": .nonConsumable,
  ]

  init(_ request: APIRequest) throws(APIError) {
    var canonical: [String] = []
    for (name, value) in request.query where name != "revision" {
      canonical.append("\(name)=\(value)")
    }
    digest = PageToken.digest(canonical.sorted())
    revision = request.value("revision")
    if revision?.isEmpty == true { throw APIError.invalidRequestRevision }
    if let text = request.value("startDate") {
      guard let date = Self.milliseconds(text) else { throw APIError.invalidStartDate }
      startDate = date
    }
    if let text = request.value("endDate") {
      guard let date = Self.milliseconds(text) else { throw APIError.invalidEndDate }
      endDate = date
    }
    if let startDate, let endDate, startDate >= endDate { throw APIError.startDateAfterEndDate }
    for id in request.values("productId") {
      guard !id.isEmpty else { throw APIError.invalidProductID }
      productIDs.insert(id)
    }
    for text in request.values("productType") {
      guard let type = Self.productTypes[text] else {
        throw APIError.invalidProductType.saying("Invalid product type \"\(text)\".")
      }
      productTypes.insert(type)
    }
    for id in request.values("subscriptionGroupIdentifier") {
      guard !id.isEmpty else { throw APIError.invalidSubscriptionGroupIdentifier }
      groupIDs.insert(id)
    }
    if let text = request.value("inAppOwnershipType") {
      switch text {
      case "PURCHASED": ownership = .purchased
      case "FAMILY_SHARED": ownership = .familyShared
      default: throw APIError.invalidInAppOwnershipType
      }
    }
    if let text = request.value("revoked") {
      guard let flag = Self.boolean(text) else { throw APIError.invalidRevoked }
      revoked = flag
    }
    if let text = request.value("excludeRevoked") {
      guard let flag = Self.boolean(text) else {
        throw APIError(400, 4_000_025, "Invalid exclude revoked value: true or false.")
      }
      if flag { revoked = false }
    }
    if let text = request.value("sort") {
      switch text {
      case "ASCENDING": descending = false
      case "DESCENDING": descending = true
      default: throw APIError.invalidSort
      }
    }
  }

  /// Whether the query keeps `record`.
  func admits(_ record: LocalAppStore.ServerRecord) -> Bool {
    let transaction = record.transaction
    if let startDate, transaction.purchaseDate < startDate { return false }
    if let endDate, transaction.purchaseDate >= endDate { return false }
    if !productIDs.isEmpty, !productIDs.contains(transaction.productID) { return false }
    if !productTypes.isEmpty, !productTypes.contains(transaction.productType) { return false }
    if !groupIDs.isEmpty, !groupIDs.contains(transaction.subscriptionGroupID ?? "") {
      return false
    }
    if let ownership, transaction.ownershipType != ownership { return false }
    if let revoked, (transaction.revocationDate != nil) != revoked { return false }
    return true
  }

  /// A date in milliseconds since 1970, as Apple's query parameters give it.
  static func milliseconds(_ text: String) -> Date? {
    guard !text.isEmpty, text.count <= 16, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }),
      let value = Int64(text)
    else { return nil }
    return Date(timeIntervalSince1970: Double(value) / 1_000)
  }

  /// `true`/`false` in any case: Python's `True` and JSON's `true` alike.
  static func boolean(_ text: String) -> Bool? {
    switch text.lowercased() {
    case "true": true
    case "false": false
    default: nil
    }
  }
}

/// An opaque position in a sorted list (`revision`, `paginationToken`): the query's digest and
/// the last key given, in base64url. Apple documents the tokens only as opaque; these encode no
/// secret, so a forged one only moves the position within the customer's own list.
struct PageToken: Equatable {
  var digest: UInt64
  var major: Int64
  var minor: Int64

  init(digest: UInt64, major: Int64, minor: Int64) {
    self.digest = digest
    self.major = major
    self.minor = minor
  }

  /// Reads `text`, refused with `invalid` when it is not a token or was made for another query.
  init(_ text: String, expecting digest: UInt64, invalid: APIError) throws(APIError) {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    guard let data = Data(base64Encoded: base64), data.count == 25, data[0] == 1 else {
      throw invalid.saying(
        "\(invalid.message.dropLast()): \"\(text)\" is not one of this server's.")
    }
    let bytes = [UInt8](data)
    func word(_ offset: Int) -> UInt64 {
      bytes[offset..<offset + 8].reduce(0) { $0 << 8 | UInt64($1) }
    }
    guard word(1) == digest else {
      throw invalid.saying(
        "\(invalid.message.dropLast()): it was made for other query parameters (send the same "
          + "ones again with it).")
    }
    self.init(
      digest: digest, major: Int64(bitPattern: word(9)), minor: Int64(bitPattern: word(17)))
  }

  var text: String {
    var bytes: [UInt8] = [1]
    for word in [digest, UInt64(bitPattern: major), UInt64(bitPattern: minor)] {
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
      }
    }
    return Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  /// FNV-1a over the parts, each ended by a zero byte.
  static func digest(_ parts: [String]) -> UInt64 {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for part in parts {
      for byte in part.utf8 + [0] { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
    }
    return hash
  }
}
