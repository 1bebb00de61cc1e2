package import Foundation
import StoreInternals

/// The kinds of App Store signed data this module verifies.
public enum SignedPayloadKind: String, Sendable, Hashable, CaseIterable, Codable {
  /// A transaction (`JWSTransactionDecodedPayload`).
  case transaction
  /// Subscription renewal info (`JWSRenewalInfoDecodedPayload`).
  case renewalInfo
  /// An App Store Server Notification V2 (`ResponseBodyV2DecodedPayload`).
  case notification
  /// The app's own signed purchase record (`AppTransaction`): who got the app, when, which version.
  case appTransaction

  /// The kind a payload shows by its top-level members, or `nil` when it shows none.
  ///
  /// `notificationType` marks a notification; `receiptType` or `originalApplicationVersion` an
  /// app transaction; `transactionId` a transaction; `autoRenewStatus` or `autoRenewProductId`
  /// renewal info. The payload is read as strictly as verification reads it: text that is not
  /// one JSON object with unique member names shows no kind.
  ///
  /// A ``SignedDataVerifier`` asked for one kind refuses a payload that shows another.
  /// - Parameter payloadJSON: The decoded payload (JSON) of a JWS.
  package static func detect(payloadJSON: Data) -> SignedPayloadKind? {
    guard let document = try? PayloadDecoder.document(Array(payloadJSON)) else { return nil }
    return document.signedPayloadKind
  }

  /// The kind in words, with its article: "a transaction", "renewal info", "a notification",
  /// "an app transaction".
  var phrase: String {
    switch self {
    case .transaction: "a transaction"
    case .renewalInfo: "renewal info"
    case .notification: "a notification"
    case .appTransaction: "an app transaction"
    }
  }

  /// The message of a payload of kind `shown` offered as `self`: "a transaction, not renewal
  /// info".
  func mismatch(shown: SignedPayloadKind) -> String {
    "the payload is \(shown.phrase), not \(phrase)"
  }
}

extension JSONDocument {
  /// The kind the document shows by its top-level member names (see
  /// ``SignedPayloadKind/detect(payloadJSON:)``), or `nil` when it is not an object or shows none.
  var signedPayloadKind: SignedPayloadKind? {
    guard let root = nodes.first, root.kind == .object else { return nil }
    var notification = false
    var appTransaction = false
    var transaction = false
    var renewalInfo = false
    var position = 1
    for _ in 0..<Int(root.count) {
      // Compared only where the length fits (an escaped name may be longer than it reads).
      let name = nodes[position]
      let length = Int(name.end - name.start)
      func named(_ key: String) -> Bool {
        (name.kind == .escapedString || length == key.utf8.count)
          && string(at: position, equals: key)
      }
      if named("notificationType") {
        notification = true
      } else if named("receiptType") || named("originalApplicationVersion") {
        appTransaction = true
      } else if named("transactionId") {
        transaction = true
      } else if named("autoRenewStatus") || named("autoRenewProductId") {
        renewalInfo = true
      }
      position = Int(nodes[position + 1].next)
    }
    if notification { return .notification }
    if appTransaction { return .appTransaction }
    if transaction { return .transaction }
    return renewalInfo ? .renewalInfo : nil
  }
}
