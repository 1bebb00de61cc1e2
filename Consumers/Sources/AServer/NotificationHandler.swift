public import AppStoreJWS
public import StoreModel

/// What a server does with the App Store's signed data, as the article on `AppStoreJWS` shows:
/// verify a transaction before granting, and read a server notification.
public struct NotificationHandler: Sendable {
  let verifier: SignedDataVerifier

  /// A handler for the app `bundleID` trusting `roots` (Apple Root CA - G3 by default).
  public init(
    bundleID: String, environment: AppStoreEnvironment,
    roots: [Certificate] = [.appleRootCAG3]
  ) throws(AppStoreJWSError) {
    verifier = try SignedDataVerifier(
      rootCertificates: roots, bundleID: bundleID, environment: environment)
  }

  /// The product to grant for a signed transaction, or `nil`: never grant unverified data.
  public func productToGrant(_ jws: String) throws(VerificationError) -> String? {
    switch try verifier.verifyTransaction(jws) {
    case .verified(let transaction): transaction.revocationDate == nil ? transaction.productID : nil
    case .unverified: nil
    }
  }

  /// A verified notification's type and subtype, and its transaction's product when that
  /// verifies too.
  public func read(_ signedPayload: String) throws(VerificationError) -> (
    type: NotificationType, subtype: NotificationSubtype?, productID: String?
  )? {
    guard case .verified(let notification) = try verifier.verifyNotification(signedPayload) else {
      return nil
    }
    let productID = try notification.data?.signedTransactionInfo.flatMap {
      (jws: String) throws(VerificationError) in try productToGrant(jws)
    }
    return (notification.notificationType, notification.subtype, productID)
  }
}
