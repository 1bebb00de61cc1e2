public import Foundation

/// Signed information about the customer's purchase of the app itself: StoreKit 2's
/// `AppTransaction`.
///
/// Property names are StoreKit's; the `Codable` form uses the App Store's JSON keys
/// (`AppTransaction` of the App Store Server API) with dates in milliseconds since 1970.
/// `SignedDataVerifier` (in `AppStoreJWS`) decodes it from the signed payload.
public struct AppTransaction: Sendable, Hashable {
  /// The environment that signed the data (`receiptType`).
  public var environment: AppStoreEnvironment
  /// The app's Apple ID; absent outside Production (`appAppleId`).
  public var appID: UInt64?
  /// The app's bundle identifier (`bundleId`).
  public var bundleID: String
  /// The app version the customer has (`applicationVersion`).
  public var appVersion: String
  /// The App Store's identifier of that version (`versionExternalIdentifier`).
  public var appVersionID: UInt64?
  /// When the App Store signed this data (`receiptCreationDate`).
  public var signedDate: Date
  /// When the customer first bought or downloaded the app (`originalPurchaseDate`).
  public var originalPurchaseDate: Date
  /// The app version the customer first bought (`originalApplicationVersion`).
  public var originalAppVersion: String
  /// Device verification data (`deviceVerification`).
  public var deviceVerification: String?
  /// The nonce used for device verification (`deviceVerificationNonce`).
  public var deviceVerificationNonce: UUID?
  /// When the customer pre-ordered the app, if they did (`preorderDate`).
  public var preorderDate: Date?
  /// This download's identifier, which its transactions carry too (`appTransactionId`).
  public var appTransactionID: String?
  /// The platform of the original purchase (`originalPlatform`).
  public var originalPlatform: PurchasePlatform?

  /// The compact JWS this app transaction was decoded from; empty when it was not decoded from one.
  ///
  /// Not part of the JSON form.
  public var jwsRepresentation: String = ""

  /// Creates an app transaction; fields not named are absent.
  package init(
    environment: AppStoreEnvironment,
    bundleID: String,
    appVersion: String,
    originalAppVersion: String,
    originalPurchaseDate: Date,
    signedDate: Date,
    appID: UInt64? = nil,
    appVersionID: UInt64? = nil,
    appTransactionID: String? = nil,
    originalPlatform: PurchasePlatform? = nil
  ) {
    self.environment = environment
    self.bundleID = bundleID
    self.appVersion = appVersion
    self.originalAppVersion = originalAppVersion
    self.originalPurchaseDate = originalPurchaseDate
    self.signedDate = signedDate
    self.appID = appID
    self.appVersionID = appVersionID
    self.appTransactionID = appTransactionID
    self.originalPlatform = originalPlatform
  }
}

extension AppTransaction: Codable {
  enum CodingKeys: String, CodingKey {
    case environment = "receiptType"
    case appID = "appAppleId"
    case bundleID = "bundleId"
    case appVersion = "applicationVersion"
    case appVersionID = "versionExternalIdentifier"
    case signedDate = "receiptCreationDate"
    case originalPurchaseDate
    case originalAppVersion = "originalApplicationVersion"
    case deviceVerification
    case deviceVerificationNonce
    case preorderDate
    case appTransactionID = "appTransactionId"
    case originalPlatform
  }
}

/// The platform a customer bought on: StoreKit's `AppStore.Platform` (`originalPlatform`).
public struct PurchasePlatform: OpenEnumeration {
  public let rawValue: String
  public init(rawValue: String) { self.rawValue = rawValue }

  /// iPhone and iPad.
  public static let iOS = PurchasePlatform(rawValue: "iOS")
  /// Mac.
  public static let macOS = PurchasePlatform(rawValue: "macOS")
  /// Apple TV.
  public static let tvOS = PurchasePlatform(rawValue: "tvOS")
  /// Apple Vision Pro.
  public static let visionOS = PurchasePlatform(rawValue: "visionOS")
}
