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
  /// renewal info.
  /// - Parameter payloadJSON: The decoded payload (JSON) of a JWS.
  public static func detect(payloadJSON: Data) -> SignedPayloadKind? {
    guard
      let object = try? JSONSerialization.jsonObject(with: payloadJSON, options: []),
      let members = object as? [String: Any]
    else { return nil }
    if members["notificationType"] != nil { return .notification }
    if members["receiptType"] != nil || members["originalApplicationVersion"] != nil {
      return .appTransaction
    }
    if members["transactionId"] != nil { return .transaction }
    if members["autoRenewStatus"] != nil || members["autoRenewProductId"] != nil {
      return .renewalInfo
    }
    return nil
  }
}
