public import Foundation
public import StoreModel

extension Transaction: SignedPayload {
  public static var signedPayloadKind: SignedPayloadKind? { .transaction }
  public var verificationDate: Date? { signedDate }
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(appIdentity: .bundleID(appBundleID), environment: environment)
  }
  public mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension RenewalInfo: SignedPayload {
  public static var signedPayloadKind: SignedPayloadKind? { .renewalInfo }
  public var verificationDate: Date? { signedDate }
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(appIdentity: .unchecked, environment: environment)
  }
  public mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension AppTransaction: SignedPayload {
  public static var signedPayloadKind: SignedPayloadKind? { .appTransaction }
  public var verificationDate: Date? { signedDate }
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(
      appIdentity: .bundleIDAndAppAppleID(bundleID, appID), environment: environment)
  }
  public mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension ServerNotification: SignedPayload {
  public static var signedPayloadKind: SignedPayloadKind? { .notification }
  public var verificationDate: Date? { signedDate }

  /// The claims of the first of `data`, `summary`, `externalPurchaseToken` and `appData` present,
  /// as Apple's library takes them; none present claims nothing (and so matches no app).
  public var claims: SignedPayloadClaims {
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
