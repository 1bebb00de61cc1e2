import Foundation
import LocalAppStore
import StoreModel

/// A transaction as the JSON outputs show it: the App Store's payload plus the token.
struct TransactionOutput: Encodable {
  var verified: Bool
  var verificationError: String?
  var transaction: TransactionFields
  var jws: String?

  init(_ result: VerificationResult<Transaction>, includeJWS: Bool = false) {
    verified = result.isVerified
    verificationError = result.verificationError?.description
    transaction = TransactionFields(result.unsafePayloadValue)
    jws = includeJWS ? result.jwsRepresentation : nil
  }
}

/// The fields of a transaction under StoreKit's Swift names, dates in ISO 8601; a `nil` field
/// is left out.
struct TransactionFields: Encodable {
  private let object: JSONObject

  init(_ transaction: Transaction) {
    object = JSONObject([
      "id": transaction.id, "originalID": transaction.originalID,
      "productID": transaction.productID, "productType": transaction.productType.rawValue,
      "reason": transaction.reason?.rawValue, "purchaseDate": transaction.purchaseDate,
      "originalPurchaseDate": transaction.originalPurchaseDate,
      "expirationDate": transaction.expirationDate,
      "ownershipType": transaction.ownershipType.rawValue, "isUpgraded": transaction.isUpgraded,
      "revocationDate": transaction.revocationDate,
      "revocationReason": transaction.revocationReason?.rawValue,
      "revocationType": transaction.revocationType?.rawValue,
      "revocationPercentage": transaction.revocationPercentage,
      "offerType": transaction.offerType?.rawValue, "offerID": transaction.offerID,
      "offerPaymentMode": transaction.offerPaymentMode?.rawValue,
      "price": transaction.priceMilliunits,
      "currency": transaction.currency, "appAccountToken": transaction.appAccountToken,
      "environment": transaction.environment?.rawValue,
      // The App Store Server API's Look Up Order ID finds the purchase by it (`serve`).
      "orderID": transaction.ownershipType == .familyShared
        ? nil : LocalAppStore.orderID(of: transaction.id),
    ])
  }

  func encode(to encoder: any Encoder) throws { try object.encode(to: encoder) }
}

extension CommandContext {
  /// Prints the transaction a command made or changed: its ``TransactionFields`` under
  /// `--json`, else `label: ` and its line (`Expired: #3  com.sportstime.pro.monthly  …`).
  func report(_ transaction: Transaction, as label: String, json: Bool) throws(CLIError) {
    if json {
      try writeJSON(TransactionFields(transaction))
    } else {
      out("\(label): " + TextFormat.line(transaction))
    }
  }
}
