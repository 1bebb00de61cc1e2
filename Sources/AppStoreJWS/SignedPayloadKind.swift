public import Foundation

/// The kinds of App Store signed data this module verifies.
public enum SignedPayloadKind: String, Sendable, Hashable, CaseIterable, Codable {
  /// A transaction (`JWSTransactionDecodedPayload`).
  case transaction
  /// Subscription renewal info (`JWSRenewalInfoDecodedPayload`).
  case renewalInfo
  /// An App Store Server Notification V2 (`ResponseBodyV2DecodedPayload`).
  case notification
  /// An app transaction (`AppTransaction`).
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
  public static func detect(payloadJSON: Data) -> SignedPayloadKind? {
    guard let document = try? PayloadJSON.parse(Array(payloadJSON)) else { return nil }
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
