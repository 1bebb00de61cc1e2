import AppStoreJWS
import Foundation
import StoreModel

/// Apple's `JWSTransactionDecodedPayload` reduced to the fields its checks read, all optional,
/// for the upstream mock tokens whose payloads are not complete transactions.
struct LooseTransaction: SignedPayload {
  var bundleId: String?
  var environment: AppStoreEnvironment?
  var signedDate: Date?

  var verificationDate: Date? { signedDate }
  var claims: SignedPayloadClaims {
    SignedPayloadClaims(appIdentity: .bundleID(bundleId), environment: environment)
  }
}

/// Apple's `JWSRenewalInfoDecodedPayload` reduced likewise.
struct LooseRenewalInfo: SignedPayload {
  var environment: AppStoreEnvironment?
  var signedDate: Date?

  var verificationDate: Date? { signedDate }
  var claims: SignedPayloadClaims {
    SignedPayloadClaims(appIdentity: .unchecked, environment: environment)
  }
}
