package import Foundation
public import StoreModel

extension Transaction: SignedPayload {
  package static var signedPayloadKind: SignedPayloadKind? { .transaction }
  package var verificationDate: Date? { signedDate }
  package var claims: SignedPayloadClaims {
    SignedPayloadClaims(appIdentity: .bundleID(appBundleID), environment: environment)
  }
  package mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension RenewalInfo: SignedPayload {
  package static var signedPayloadKind: SignedPayloadKind? { .renewalInfo }
  package var verificationDate: Date? { signedDate }
  package var claims: SignedPayloadClaims {
    SignedPayloadClaims(appIdentity: .unchecked, environment: environment)
  }
  package mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension AppTransaction: SignedPayload {
  package static var signedPayloadKind: SignedPayloadKind? { .appTransaction }
  package var verificationDate: Date? { signedDate }
  package var claims: SignedPayloadClaims {
    SignedPayloadClaims(
      appIdentity: .bundleIDAndAppAppleID(bundleID, appID), environment: environment)
  }
  package mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension ServerNotification: SignedPayload {
  package static var signedPayloadKind: SignedPayloadKind? { .notification }
  package var verificationDate: Date? { signedDate }

  /// The claims of the first of `data`, `summary`, `externalPurchaseToken` and `appData` present,
  /// as Apple's library takes them; none present claims nothing (and so matches no app).
  package var claims: SignedPayloadClaims {
    if let data {
      return SignedPayloadClaims(
        appIdentity: .bundleIDAndAppAppleID(data.bundleID, data.appAppleID),
        environment: data.environment)
    }
    if let summary {
      return SignedPayloadClaims(
        appIdentity: .bundleIDAndAppAppleID(summary.bundleID, summary.appAppleID),
        environment: summary.environment)
    }
    if let externalPurchaseToken {
      return SignedPayloadClaims(
        appIdentity: .bundleIDAndAppAppleID(
          externalPurchaseToken.bundleID, externalPurchaseToken.appAppleID),
        environment: externalPurchaseToken.environment)
    }
    if let appData {
      return SignedPayloadClaims(
        appIdentity: .bundleIDAndAppAppleID(appData.bundleID, appData.appAppleID),
        environment: appData.environment)
    }
    return SignedPayloadClaims(appIdentity: .bundleIDAndAppAppleID(nil, nil), environment: nil)
  }
}
