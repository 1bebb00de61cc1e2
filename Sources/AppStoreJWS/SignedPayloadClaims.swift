package import StoreModel

/// The app and environment a payload claims, and which of them Apple's library checks.
package struct SignedPayloadClaims: Sendable, Hashable {
  /// Which app identity a payload kind is checked for.
  package enum AppIdentity: Sendable, Hashable {
    /// No app check: renewal info carries no bundle id.
    case unchecked
    /// The bundle id must equal the verifier's (transactions).
    case bundleID(String?)
    /// The bundle id must equal the verifier's and, for a Production verifier that has one, so
    /// must the app Apple id (notifications, app transactions).
    case bundleIDAndAppAppleID(String?, UInt64?)
  }

  /// The app the payload claims.
  package var appIdentity: AppIdentity
  /// The environment the payload claims; `nil` (absent or unknown) never matches.
  package var environment: AppStoreEnvironment?

  /// The bundle id claimed, if the kind carries one.
  package var bundleID: String? {
    switch appIdentity {
    case .unchecked: nil
    case .bundleID(let bundleID), .bundleIDAndAppAppleID(let bundleID, _): bundleID
    }
  }

  /// Creates claims.
  package init(appIdentity: AppIdentity, environment: AppStoreEnvironment?) {
    self.appIdentity = appIdentity
    self.environment = environment
  }
}
