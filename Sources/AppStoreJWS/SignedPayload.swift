public import Foundation
public import StoreModel

/// A payload of App Store signed data: what a ``SignedDataVerifier`` needs to know about it.
///
/// `Transaction`, `RenewalInfo`, `ServerNotification` and `AppTransaction` conform.
public protocol SignedPayload: Decodable, Sendable {
  /// The date the chain is checked at when no time is given: Apple's library uses `signedDate`
  /// (`receiptCreationDate` for an app transaction).
  var verificationDate: Date? { get }

  /// What the verifier compares with its configuration once the signature holds.
  var claims: SignedPayloadClaims { get }

  /// Keeps the compact JWS the payload was decoded from (`jwsRepresentation`), where it has one.
  mutating func attachJWS(_ jws: String)
}

extension SignedPayload {
  public mutating func attachJWS(_ jws: String) {}
}

/// The app and environment a payload claims, and which of them Apple's library checks.
public struct SignedPayloadClaims: Sendable, Hashable {
  /// Which app identity a payload kind is checked for.
  public enum AppIdentity: Sendable, Hashable {
    /// No app check: renewal info carries no bundle id.
    case unchecked
    /// The bundle id must equal the verifier's (transactions).
    case bundleID(String?)
    /// The bundle id must equal the verifier's and, for a Production verifier that has one, so
    /// must the app Apple id (notifications, app transactions).
    case bundleIDAndAppAppleID(String?, UInt64?)
  }

  /// The app the payload claims.
  public var appIdentity: AppIdentity
  /// The environment the payload claims; `nil` (absent or unknown) never matches.
  public var environment: AppStoreEnvironment?

  /// Creates claims.
  public init(appIdentity: AppIdentity, environment: AppStoreEnvironment?) {
    self.appIdentity = appIdentity
    self.environment = environment
  }
}

extension Transaction: SignedPayload {
  public var verificationDate: Date? { signedDate }
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(appIdentity: .bundleID(appBundleID), environment: environment)
  }
  public mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension RenewalInfo: SignedPayload {
  public var verificationDate: Date? { signedDate }
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(appIdentity: .unchecked, environment: environment)
  }
  public mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension AppTransaction: SignedPayload {
  public var verificationDate: Date? { signedDate }
  public var claims: SignedPayloadClaims {
    SignedPayloadClaims(
      appIdentity: .bundleIDAndAppAppleID(bundleID, appID), environment: environment)
  }
  public mutating func attachJWS(_ jws: String) { jwsRepresentation = jws }
}

extension ServerNotification: SignedPayload {
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
