package import Foundation
public import StoreModel

/// A decoded payload of any ``SignedPayloadKind``.
public enum DecodedSignedPayload: Sendable, Hashable {
  /// A signed transaction (Apple's `JWSTransactionDecodedPayload`).
  case transaction(Transaction)
  /// A subscription's signed renewal info (Apple's `JWSRenewalInfoDecodedPayload`).
  case renewalInfo(RenewalInfo)
  /// An App Store Server Notification V2 (Apple's `ResponseBodyV2DecodedPayload`).
  case notification(ServerNotification)
  /// A signed app transaction (Apple's `AppTransaction`).
  case appTransaction(AppTransaction)

  /// The payload's kind.
  /// What the payload claims, as the verifier compares it.
  var claims: SignedPayloadClaims {
    switch self {
    case .transaction(let value): value.claims
    case .renewalInfo(let value): value.claims
    case .notification(let value): value.claims
    case .appTransaction(let value): value.claims
    }
  }

  public var kind: SignedPayloadKind {
    switch self {
    case .transaction: .transaction
    case .renewalInfo: .renewalInfo
    case .notification: .notification
    case .appTransaction: .appTransaction
    }
  }

  /// Decodes `payloadJSON` as a payload of `kind`.
  /// - Throws: `VerificationError` (`malformed`) when it does not decode as that kind, or shows
  ///   another kind (see ``SignedPayloadKind/detect(payloadJSON:)``).
  package static func decode(_ payloadJSON: Data, as kind: SignedPayloadKind)
    throws(VerificationError) -> DecodedSignedPayload
  {
    let bytes = Array(payloadJSON)
    switch kind {
    case .transaction:
      return .transaction(try Transaction.decodePayload(bytes).get())
    case .renewalInfo:
      return .renewalInfo(try RenewalInfo.decodePayload(bytes).get())
    case .notification:
      return .notification(try ServerNotification.decodePayload(bytes).get())
    case .appTransaction:
      return .appTransaction(try AppTransaction.decodePayload(bytes).get())
    }
  }

  /// The payload in the App Store's JSON form: its keys, sorted, dates in whole milliseconds.
  ///
  /// Stable: equal payloads give equal text, so tools can compare it and print it.
  /// - Parameter prettyPrinted: One member a line, indented, instead of one line.
  /// - Throws: ``AppStoreJWSError/Code/encodingFailed`` if a value cannot be written as JSON.
  package func jsonRepresentation(prettyPrinted: Bool = false) throws(AppStoreJWSError) -> String {
    let encoder = Self.encoder(prettyPrinted: prettyPrinted)
    do {
      let data: Data
      switch self {
      case .transaction(let value): data = try encoder.encode(value)
      case .renewalInfo(let value): data = try encoder.encode(value)
      case .notification(let value): data = try encoder.encode(value)
      case .appTransaction(let value): data = try encoder.encode(value)
      }
      return String(decoding: data, as: UTF8.self)
    } catch {
      throw AppStoreJWSError(
        .encodingFailed, "could not write the \(kind.rawValue) as JSON: \(error)")
    }
  }

  /// `AppStoreJSON`'s conventions, with dates too large for whole milliseconds written as they
  /// are instead of trapping (a payload may carry any number).
  static func encoder(prettyPrinted: Bool) -> JSONEncoder {
    let encoder = JSONEncoder()
    encoder.dateEncodingStrategy = .custom { date, encoder in
      var container = encoder.singleValueContainer()
      let milliseconds = (date.timeIntervalSince1970 * 1000).rounded()
      if let whole = Int64(exactly: milliseconds) {
        try container.encode(whole)
      } else {
        try container.encode(milliseconds)
      }
    }
    encoder.outputFormatting =
      prettyPrinted
      ? [.sortedKeys, .withoutEscapingSlashes, .prettyPrinted]
      : [.sortedKeys, .withoutEscapingSlashes]
    return encoder
  }
}
