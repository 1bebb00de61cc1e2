// The part of StoreKit that StoreKitBackend uses, for type-checking it on Linux
// (scripts/check-apple-only --typecheck). Every declaration names the line of the iOS 18.0 SDK's
// StoreKit.swiftinterface it was derived from (../shared/research/apple-sdk/iOS18.0/), and
// carries that declaration's iOS, macOS and visionOS availability; `scripts/check-apple-only
// --compare-stubs` checks both against the interface. The few declarations newer than that SDK
// say `// unmatched:` with the Apple documentation page they were taken from. Availability at or below the package's
// deployment targets (iOS 17.0, macOS 14.0, visionOS 1.0) is left out. Nothing here runs.
// Format (the checker reads it): one declaration a line, each `@available` on its own line above
// it, conformances as in the SDK (inline or in an extension of their own). A stored property
// that is newer than the deployment targets is a computed one here: Swift refuses potentially
// unavailable stored properties, and the version-availability pass needs the attribute.
public import Foundation

#if canImport(FoundationNetworking)
  public import FoundationNetworking
#endif
#if canImport(UIKit)
  public import UIKit
#endif

private func stub<T>() -> T { fatalError("StoreKit stub") }  // stub-only

// MARK: - AppStore

public enum AppStore {  // StoreKit.swiftinterface:1379
}
extension AppStore {  // StoreKit.swiftinterface:1388
  public static func sync() async throws {}  // StoreKit.swiftinterface:1389
}
extension AppStore {  // StoreKit.swiftinterface:1422
  public struct Environment: RawRepresentable, Equatable, Hashable, Sendable {  // StoreKit.swiftinterface:1423
    public let rawValue: String  // StoreKit.swiftinterface:1424
    public init(rawValue: String) { self.rawValue = rawValue }  // StoreKit.swiftinterface:1425
    public static let production: AppStore.Environment = stub()  // StoreKit.swiftinterface:1426
    public static let sandbox: AppStore.Environment = stub()  // StoreKit.swiftinterface:1427
    public static let xcode: AppStore.Environment = stub()  // StoreKit.swiftinterface:1428
  }
}
extension AppStore: Sendable {}  // StoreKit.swiftinterface:1434

// MARK: - Storefront

public struct Storefront: Identifiable, Sendable {  // StoreKit.swiftinterface:1129
  public let countryCode: String  // StoreKit.swiftinterface:1130
  public let id: String  // StoreKit.swiftinterface:1131
}

// MARK: - Errors

public enum StoreKitError: Error {  // StoreKit.swiftinterface:1748
  case unknown  // StoreKit.swiftinterface:1749
  case userCancelled  // StoreKit.swiftinterface:1750
  case networkError(URLError)  // StoreKit.swiftinterface:1751
  case systemError(any Error)  // StoreKit.swiftinterface:1752
  case notAvailableInStorefront  // StoreKit.swiftinterface:1753
  case notEntitled  // StoreKit.swiftinterface:1755
}
extension StoreKitError: Sendable {}  // StoreKit.swiftinterface:1758

// MARK: - VerificationResult

@frozen public enum VerificationResult<SignedType> {  // StoreKit.swiftinterface:693
  case unverified(SignedType, VerificationResult<SignedType>.VerificationError)  // StoreKit.swiftinterface:694
  case verified(SignedType)  // StoreKit.swiftinterface:695
  public var payloadValue: SignedType { get throws { stub() } }  // StoreKit.swiftinterface:696
  public var unsafePayloadValue: SignedType { stub() }  // StoreKit.swiftinterface:699
}
extension VerificationResult {  // StoreKit.swiftinterface:704
  public enum VerificationError: Error {  // StoreKit.swiftinterface:705
    case revokedCertificate  // StoreKit.swiftinterface:706
    case invalidCertificateChain  // StoreKit.swiftinterface:707
    case invalidDeviceVerification  // StoreKit.swiftinterface:708
    case invalidEncoding  // StoreKit.swiftinterface:709
    case invalidSignature  // StoreKit.swiftinterface:710
    case missingRequiredProperties  // StoreKit.swiftinterface:711
  }
}
extension VerificationResult: Equatable where SignedType: Equatable {}  // StoreKit.swiftinterface:720
extension VerificationResult: Hashable where SignedType: Hashable {}  // StoreKit.swiftinterface:724
extension VerificationResult: Sendable where SignedType: Sendable {}  // StoreKit.swiftinterface:737
extension VerificationResult.VerificationError: Equatable {}  // StoreKit.swiftinterface:2126
extension VerificationResult.VerificationError: Hashable {}  // StoreKit.swiftinterface:2128
extension VerificationResult where SignedType == Transaction {  // StoreKit.swiftinterface:2060
  public var jwsRepresentation: String { stub() }  // StoreKit.swiftinterface:2061
}
extension VerificationResult where SignedType == Product.SubscriptionInfo.RenewalInfo {  // StoreKit.swiftinterface:2090
  public var jwsRepresentation: String { stub() }  // StoreKit.swiftinterface:2091
}
extension VerificationResult where SignedType == AppTransaction {  // StoreKit.swiftinterface:2030
  public var jwsRepresentation: String { stub() }  // StoreKit.swiftinterface:2031
  public var payloadData: Data { stub() }  // StoreKit.swiftinterface:2037
}

// MARK: - AppTransaction

public struct AppTransaction: Sendable {  // StoreKit.swiftinterface:651
  public static var shared: VerificationResult<AppTransaction> { get async throws { stub() } }  // StoreKit.swiftinterface:668
}

// MARK: - Transaction

public struct Transaction: Identifiable {  // StoreKit.swiftinterface:740
  public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {  // StoreKit.swiftinterface:742
    public let rawValue: String  // StoreKit.swiftinterface:743
    public init(rawValue: String) { self.rawValue = rawValue }  // StoreKit.swiftinterface:744
    public static let purchase: Transaction.Reason = stub()  // StoreKit.swiftinterface:745
    public static let renewal: Transaction.Reason = stub()  // StoreKit.swiftinterface:746
  }
  public struct RevocationReason: RawRepresentable, Equatable, Hashable {  // StoreKit.swiftinterface:750
    public let rawValue: Int  // StoreKit.swiftinterface:751
    public init(rawValue: Int) { self.rawValue = rawValue }  // StoreKit.swiftinterface:752
    public static let developerIssue: Transaction.RevocationReason = stub()  // StoreKit.swiftinterface:753
    public static let other: Transaction.RevocationReason = stub()  // StoreKit.swiftinterface:754
  }
  public struct OfferType: RawRepresentable, Equatable, Hashable {  // StoreKit.swiftinterface:758
    public let rawValue: Int  // StoreKit.swiftinterface:759
    public init(rawValue: Int) { self.rawValue = rawValue }  // StoreKit.swiftinterface:760
    public static let introductory: Transaction.OfferType = stub()  // StoreKit.swiftinterface:761
    public static let promotional: Transaction.OfferType = stub()  // StoreKit.swiftinterface:762
    public static let code: Transaction.OfferType = stub()  // StoreKit.swiftinterface:763
    public static var winBack: Transaction.OfferType { stub() }  // StoreKit.swiftinterface:766
  }
  public struct OwnershipType: RawRepresentable, Equatable, Hashable {  // StoreKit.swiftinterface:772
    public let rawValue: String  // StoreKit.swiftinterface:773
    public init(rawValue: String) { self.rawValue = rawValue }  // StoreKit.swiftinterface:774
    public static let purchased: Transaction.OwnershipType = stub()  // StoreKit.swiftinterface:775
    public static let familyShared: Transaction.OwnershipType = stub()  // StoreKit.swiftinterface:776
  }
  @available(iOS 17.2, macOS 14.2, visionOS 1.1, *)
  public struct Offer: Equatable, Hashable, Sendable {  // StoreKit.swiftinterface:781
    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {  // StoreKit.swiftinterface:782
      public let rawValue: String  // StoreKit.swiftinterface:783
      public init(rawValue: String) { self.rawValue = rawValue }  // StoreKit.swiftinterface:784
      public static let freeTrial: Transaction.Offer.PaymentMode = stub()  // StoreKit.swiftinterface:785
      public static let payAsYouGo: Transaction.Offer.PaymentMode = stub()  // StoreKit.swiftinterface:786
      public static let payUpFront: Transaction.Offer.PaymentMode = stub()  // StoreKit.swiftinterface:787
    }
    public let id: String?  // StoreKit.swiftinterface:791
    public let type: Transaction.OfferType  // StoreKit.swiftinterface:792
    public let paymentMode: Transaction.Offer.PaymentMode?  // StoreKit.swiftinterface:793
  }
  public var jsonRepresentation: Data { stub() }  // StoreKit.swiftinterface:802
  public let id: UInt64  // StoreKit.swiftinterface:805
  public let originalID: UInt64  // StoreKit.swiftinterface:806
  public let webOrderLineItemID: String?  // StoreKit.swiftinterface:807
  public let productID: String  // StoreKit.swiftinterface:808
  public let subscriptionGroupID: String?  // StoreKit.swiftinterface:809
  public let appBundleID: String  // StoreKit.swiftinterface:810
  public let purchaseDate: Date  // StoreKit.swiftinterface:811
  public let originalPurchaseDate: Date  // StoreKit.swiftinterface:812
  public let expirationDate: Date?  // StoreKit.swiftinterface:813
  public let purchasedQuantity: Int  // StoreKit.swiftinterface:814
  public let isUpgraded: Bool  // StoreKit.swiftinterface:815
  @available(iOS 17.2, macOS 14.2, visionOS 1.1, *)
  public var offer: Transaction.Offer? { stub() }  // StoreKit.swiftinterface:817
  @available(iOS, deprecated: 17.2)
  @available(macOS, deprecated: 14.2)
  @available(visionOS, deprecated: 1.1)
  public var offerType: Transaction.OfferType? { stub() }  // StoreKit.swiftinterface:823
  @available(iOS, deprecated: 17.2)
  @available(macOS, deprecated: 14.2)
  @available(visionOS, deprecated: 1.1)
  public var offerID: String? { stub() }  // StoreKit.swiftinterface:831
  public let revocationDate: Date?  // StoreKit.swiftinterface:854
  public let revocationReason: Transaction.RevocationReason?  // StoreKit.swiftinterface:855
  public let productType: Product.ProductType  // StoreKit.swiftinterface:856
  public let appAccountToken: UUID?  // StoreKit.swiftinterface:857
  public let environment: AppStore.Environment  // StoreKit.swiftinterface:859
  public let reason: Transaction.Reason  // StoreKit.swiftinterface:882
  public let storefront: Storefront  // StoreKit.swiftinterface:905
  public var price: Decimal? { stub() }  // StoreKit.swiftinterface:932
  public var currency: Locale.Currency? { stub() }  // StoreKit.swiftinterface:954
  public let deviceVerification: Data  // StoreKit.swiftinterface:988
  public let deviceVerificationNonce: UUID  // StoreKit.swiftinterface:989
  public let ownershipType: Transaction.OwnershipType  // StoreKit.swiftinterface:990
  public let signedDate: Date  // StoreKit.swiftinterface:991
  public func finish() async {}  // StoreKit.swiftinterface:992
}
extension Transaction: Equatable {  // StoreKit.swiftinterface:997
  public static func == (lhs: Transaction, rhs: Transaction) -> Bool { stub() }  // StoreKit.swiftinterface:998
}
extension Transaction: Hashable {  // StoreKit.swiftinterface:1001
  public func hash(into hasher: inout Hasher) {}  // StoreKit.swiftinterface:1002
}
extension Transaction {  // StoreKit.swiftinterface:1016
  public struct Transactions: AsyncSequence {  // StoreKit.swiftinterface:1017
    public typealias Element = VerificationResult<Transaction>  // StoreKit.swiftinterface:1018
    public struct AsyncIterator: AsyncIteratorProtocol {  // StoreKit.swiftinterface:1019
      public mutating func next() async -> VerificationResult<Transaction>? { stub() }  // StoreKit.swiftinterface:1020
    }
    public func makeAsyncIterator() -> Transaction.Transactions.AsyncIterator { stub() }  // StoreKit.swiftinterface:1031
  }
  public static var currentEntitlements: Transaction.Transactions { stub() }  // StoreKit.swiftinterface:1043
  public static var unfinished: Transaction.Transactions { stub() }  // StoreKit.swiftinterface:1048
}
extension Transaction {  // StoreKit.swiftinterface:1053
  public static var updates: Transaction.Transactions { stub() }  // StoreKit.swiftinterface:1054
}
extension Transaction: Sendable {}  // StoreKit.swiftinterface:1114
extension Transaction.RevocationReason: Sendable {}  // StoreKit.swiftinterface:1117
extension Transaction.OfferType: Sendable {}  // StoreKit.swiftinterface:1120
extension Transaction.OwnershipType: Sendable {}  // StoreKit.swiftinterface:1123
extension Transaction.Transactions: Sendable {}  // StoreKit.swiftinterface:1126

// MARK: - Product

extension Product {  // StoreKit.swiftinterface:27
  public struct SubscriptionPeriod: Equatable, Hashable {  // StoreKit.swiftinterface:28
    public enum Unit: Equatable, Hashable {  // StoreKit.swiftinterface:29
      case day  // StoreKit.swiftinterface:30
      case week  // StoreKit.swiftinterface:31
      case month  // StoreKit.swiftinterface:32
      case year  // StoreKit.swiftinterface:33
    }
    public let unit: Product.SubscriptionPeriod.Unit  // StoreKit.swiftinterface:40
    public let value: Int  // StoreKit.swiftinterface:41
  }
}
extension Product.SubscriptionPeriod: Sendable {}  // StoreKit.swiftinterface:72
extension Product.SubscriptionPeriod.Unit: Sendable {}  // StoreKit.swiftinterface:75
extension Product {  // StoreKit.swiftinterface:582
  public struct SubscriptionInfo: Equatable, Hashable {  // StoreKit.swiftinterface:583
    public let introductoryOffer: Product.SubscriptionOffer?  // StoreKit.swiftinterface:584
    public let promotionalOffers: [Product.SubscriptionOffer]  // StoreKit.swiftinterface:585
    @available(iOS 18.0, macOS 15.0, visionOS 2.0, *)
    public var winBackOffers: [Product.SubscriptionOffer] { stub() }  // StoreKit.swiftinterface:587
    public let subscriptionGroupID: String  // StoreKit.swiftinterface:588
    public let subscriptionPeriod: Product.SubscriptionPeriod  // StoreKit.swiftinterface:589
    public static func isEligibleForIntroOffer(for groupID: String) async -> Bool { stub() }  // StoreKit.swiftinterface:604
  }
}
extension Product.SubscriptionInfo: Sendable {}  // StoreKit.swiftinterface:613
extension Product.SubscriptionInfo {  // StoreKit.swiftinterface:616
  public var groupLevel: Int { stub() }  // StoreKit.swiftinterface:619
  public var groupDisplayName: String { stub() }  // StoreKit.swiftinterface:635
}
extension Product {  // StoreKit.swiftinterface:1174
  public struct PurchaseOption: Equatable, Hashable {  // StoreKit.swiftinterface:1175
    public static func appAccountToken(_ token: UUID) -> Product.PurchaseOption { stub() }  // StoreKit.swiftinterface:1176
    public static func promotionalOffer(offerID: String, keyID: String, nonce: UUID, signature: Data, timestamp: Int) -> Product.PurchaseOption { stub() }  // StoreKit.swiftinterface:1183
    public static func quantity(_ quantity: Int) -> Product.PurchaseOption { stub() }  // StoreKit.swiftinterface:1184
    @available(iOS 18.0, macOS 15.0, visionOS 2.0, *)
    public static func winBackOffer(_ offer: Product.SubscriptionOffer) -> Product.PurchaseOption { stub() }  // StoreKit.swiftinterface:1188
  }
}
extension Product.PurchaseOption: Sendable {}  // StoreKit.swiftinterface:1203
// Newer than the iOS 18.0 SDK: declared as Apple's documentation pages show them (available from
// iOS 15.0, macOS 12.0, visionOS 1.0, below the deployment targets; back-deployed).
extension Product.PurchaseOption {  // unmatched: newer than the iOS 18.0 SDK's interface; its members are from Apple's documentation pages
  @backDeployed(before: iOS 26.0, macOS 26.0, tvOS 26.0, watchOS 26.0, visionOS 26.0)
  public static func promotionalOffer(_ offerID: String, compactJWS: String) -> [Product.PurchaseOption] { stub() }  // unmatched: newer than the iOS 18.0 SDK's interface; https://developer.apple.com/documentation/storekit/product/purchaseoption/promotionaloffer(_:compactjws:)
  @backDeployed(before: iOS 18.4, macOS 15.4, tvOS 18.4, watchOS 11.4, visionOS 2.4)
  public static func introductoryOfferEligibility(compactJWS: String) -> Product.PurchaseOption { stub() }  // unmatched: newer than the iOS 18.0 SDK's interface; https://developer.apple.com/documentation/storekit/product/purchaseoption/introductoryoffereligibility(compactjws:)
}
public struct Product: Identifiable {  // StoreKit.swiftinterface:1210
  public struct ProductType: RawRepresentable, Equatable, Hashable {  // StoreKit.swiftinterface:1211
    public let rawValue: String  // StoreKit.swiftinterface:1212
    public init(rawValue: String) { self.rawValue = rawValue }  // StoreKit.swiftinterface:1213
    public static let consumable: Product.ProductType = stub()  // StoreKit.swiftinterface:1214
    public static let nonConsumable: Product.ProductType = stub()  // StoreKit.swiftinterface:1215
    public static let nonRenewable: Product.ProductType = stub()  // StoreKit.swiftinterface:1216
    public static let autoRenewable: Product.ProductType = stub()  // StoreKit.swiftinterface:1217
  }
  public var jsonRepresentation: Data { stub() }  // StoreKit.swiftinterface:1223
  public let id: String  // StoreKit.swiftinterface:1226
  public let type: Product.ProductType  // StoreKit.swiftinterface:1227
  public let displayName: String  // StoreKit.swiftinterface:1228
  public let description: String  // StoreKit.swiftinterface:1229
  public let price: Decimal  // StoreKit.swiftinterface:1230
  public let displayPrice: String  // StoreKit.swiftinterface:1231
  public let isFamilyShareable: Bool  // StoreKit.swiftinterface:1232
  public let subscription: Product.SubscriptionInfo?  // StoreKit.swiftinterface:1233
}
extension Product: Equatable {}  // StoreKit.swiftinterface:1241
extension Product: Hashable {}  // StoreKit.swiftinterface:1247
extension Product {  // StoreKit.swiftinterface:1264
  public enum PurchaseResult {  // StoreKit.swiftinterface:1265
    case success(VerificationResult<Transaction>)  // StoreKit.swiftinterface:1266
    case userCancelled  // StoreKit.swiftinterface:1267
    case pending  // StoreKit.swiftinterface:1268
  }
  public enum PurchaseError: Error {  // StoreKit.swiftinterface:1270
    case invalidQuantity  // StoreKit.swiftinterface:1271
    case productUnavailable  // StoreKit.swiftinterface:1272
    case purchaseNotAllowed  // StoreKit.swiftinterface:1273
    case ineligibleForOffer  // StoreKit.swiftinterface:1274
    case invalidOfferIdentifier  // StoreKit.swiftinterface:1275
    case invalidOfferPrice  // StoreKit.swiftinterface:1276
    case invalidOfferSignature  // StoreKit.swiftinterface:1277
    case missingOfferParameters  // StoreKit.swiftinterface:1278
  }
  @available(visionOS, unavailable)
  public func purchase(options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult { stub() }  // StoreKit.swiftinterface:1287
}
extension Product {  // StoreKit.swiftinterface:1290
  public static func products<Identifiers>(for identifiers: Identifiers) async throws -> [Product] where Identifiers: Collection, Identifiers.Element == String { stub() }  // StoreKit.swiftinterface:1291
}
extension Product: Sendable {}  // StoreKit.swiftinterface:1307
extension Product.ProductType: Sendable {}  // StoreKit.swiftinterface:1310
extension Product.PurchaseResult: Sendable {}  // StoreKit.swiftinterface:1313
extension Product {  // StoreKit.swiftinterface:1316
  public var priceFormatStyle: Decimal.FormatStyle.Currency { stub() }  // StoreKit.swiftinterface:1336
}
#if canImport(UIKit)
  extension Product {  // StoreKit.swiftinterface:1372
    @available(macOS, unavailable)
    public func purchase(confirmIn scene: some UIScene, options: Set<Product.PurchaseOption> = []) async throws -> Product.PurchaseResult { stub() }  // StoreKit.swiftinterface:1376
  }
#endif
extension Product.SubscriptionInfo {  // StoreKit.swiftinterface:1444
  public struct RenewalState: RawRepresentable, Equatable, Hashable {  // StoreKit.swiftinterface:1445
    public let rawValue: Int  // StoreKit.swiftinterface:1446
    public init(rawValue: Int) { self.rawValue = rawValue }  // StoreKit.swiftinterface:1447
    public static let subscribed: Product.SubscriptionInfo.RenewalState = stub()  // StoreKit.swiftinterface:1448
    public static let expired: Product.SubscriptionInfo.RenewalState = stub()  // StoreKit.swiftinterface:1449
    public static let inBillingRetryPeriod: Product.SubscriptionInfo.RenewalState = stub()  // StoreKit.swiftinterface:1450
    public static let inGracePeriod: Product.SubscriptionInfo.RenewalState = stub()  // StoreKit.swiftinterface:1451
    public static let revoked: Product.SubscriptionInfo.RenewalState = stub()  // StoreKit.swiftinterface:1452
  }
  public struct RenewalInfo {  // StoreKit.swiftinterface:1456
    public struct ExpirationReason: RawRepresentable, Equatable, Hashable {  // StoreKit.swiftinterface:1457
      public let rawValue: Int  // StoreKit.swiftinterface:1458
      public init(rawValue: Int) { self.rawValue = rawValue }  // StoreKit.swiftinterface:1459
      public static let autoRenewDisabled: Product.SubscriptionInfo.RenewalInfo.ExpirationReason = stub()  // StoreKit.swiftinterface:1460
      public static let billingError: Product.SubscriptionInfo.RenewalInfo.ExpirationReason = stub()  // StoreKit.swiftinterface:1461
      public static let didNotConsentToPriceIncrease: Product.SubscriptionInfo.RenewalInfo.ExpirationReason = stub()  // StoreKit.swiftinterface:1462
      public static let productUnavailable: Product.SubscriptionInfo.RenewalInfo.ExpirationReason = stub()  // StoreKit.swiftinterface:1463
      public static let unknown: Product.SubscriptionInfo.RenewalInfo.ExpirationReason = stub()  // StoreKit.swiftinterface:1464
    }
    @frozen public enum PriceIncreaseStatus: Equatable, Hashable {  // StoreKit.swiftinterface:1468
      case noIncreasePending  // StoreKit.swiftinterface:1469
      case pending  // StoreKit.swiftinterface:1470
      case agreed  // StoreKit.swiftinterface:1471
    }
    public var jsonRepresentation: Data { stub() }  // StoreKit.swiftinterface:1480
    public let originalTransactionID: UInt64  // StoreKit.swiftinterface:1483
    public let currentProductID: String  // StoreKit.swiftinterface:1484
    public let willAutoRenew: Bool  // StoreKit.swiftinterface:1485
    public let autoRenewPreference: String?  // StoreKit.swiftinterface:1486
    public let expirationReason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason?  // StoreKit.swiftinterface:1487
    public let priceIncreaseStatus: Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus  // StoreKit.swiftinterface:1488
    public let isInBillingRetry: Bool  // StoreKit.swiftinterface:1489
    public let gracePeriodExpirationDate: Date?  // StoreKit.swiftinterface:1490
    @available(iOS 18.0, macOS 15.0, visionOS 2.0, *)
    public var offer: Transaction.Offer? { stub() }  // StoreKit.swiftinterface:1492
    @available(iOS, deprecated: 18.0)
    @available(macOS, deprecated: 15.0)
    @available(visionOS, deprecated: 2.0)
    public var offerID: String? { stub() }  // StoreKit.swiftinterface:1498
    @available(iOS, deprecated: 18.0)
    @available(macOS, deprecated: 15.0)
    @available(visionOS, deprecated: 2.0)
    public var offerType: Transaction.OfferType? { stub() }  // StoreKit.swiftinterface:1506
    public let environment: AppStore.Environment  // StoreKit.swiftinterface:1530
    public var recentSubscriptionStartDate: Date { stub() }  // StoreKit.swiftinterface:1557
    public var renewalDate: Date? { stub() }  // StoreKit.swiftinterface:1576
    public var renewalPrice: Decimal? { stub() }  // StoreKit.swiftinterface:1595
    public var currency: Locale.Currency? { stub() }  // StoreKit.swiftinterface:1617
    @available(iOS 18.0, macOS 15.0, visionOS 2.0, *)
    public var eligibleWinBackOfferIDs: [String] { stub() }  // StoreKit.swiftinterface:1652
    public let deviceVerification: Data  // StoreKit.swiftinterface:1653
    public let deviceVerificationNonce: UUID  // StoreKit.swiftinterface:1654
    public let signedDate: Date  // StoreKit.swiftinterface:1655
  }
  public struct Status: Equatable, Hashable {  // StoreKit.swiftinterface:1657
    public let state: Product.SubscriptionInfo.RenewalState  // StoreKit.swiftinterface:1658
    public let transaction: VerificationResult<Transaction>  // StoreKit.swiftinterface:1659
    public let renewalInfo: VerificationResult<Product.SubscriptionInfo.RenewalInfo>  // StoreKit.swiftinterface:1660
  }
  public static func status(for groupID: String) async throws -> [Product.SubscriptionInfo.Status] { stub() }  // StoreKit.swiftinterface:1672
}
extension Product.SubscriptionInfo.RenewalInfo: Equatable {}  // StoreKit.swiftinterface:1711
extension Product.SubscriptionInfo.RenewalInfo: Hashable {}  // StoreKit.swiftinterface:1715
extension Product.SubscriptionInfo.RenewalState: Sendable {}  // StoreKit.swiftinterface:1730
extension Product.SubscriptionInfo.Status: Sendable {}  // StoreKit.swiftinterface:1733
extension Product.SubscriptionInfo.RenewalInfo: Sendable {}  // StoreKit.swiftinterface:1739
extension Product.SubscriptionInfo.RenewalInfo.ExpirationReason: Sendable {}  // StoreKit.swiftinterface:1742
extension Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus: Sendable {}  // StoreKit.swiftinterface:1745
extension Product {  // StoreKit.swiftinterface:1878
  public struct SubscriptionOffer: Equatable, Hashable {  // StoreKit.swiftinterface:1879
    public struct OfferType: RawRepresentable, Equatable, Hashable {  // StoreKit.swiftinterface:1880
      public let rawValue: String  // StoreKit.swiftinterface:1881
      public init(rawValue: String) { self.rawValue = rawValue }  // StoreKit.swiftinterface:1882
      public static let introductory: Product.SubscriptionOffer.OfferType = stub()  // StoreKit.swiftinterface:1883
      public static let promotional: Product.SubscriptionOffer.OfferType = stub()  // StoreKit.swiftinterface:1884
      @available(iOS 18.0, macOS 15.0, visionOS 2.0, *)
      public static let winBack: Product.SubscriptionOffer.OfferType = stub()  // StoreKit.swiftinterface:1886
    }
    public struct PaymentMode: RawRepresentable, Equatable, Hashable {  // StoreKit.swiftinterface:1890
      public let rawValue: String  // StoreKit.swiftinterface:1891
      public init(rawValue: String) { self.rawValue = rawValue }  // StoreKit.swiftinterface:1892
      public static let payAsYouGo: Product.SubscriptionOffer.PaymentMode = stub()  // StoreKit.swiftinterface:1893
      public static let payUpFront: Product.SubscriptionOffer.PaymentMode = stub()  // StoreKit.swiftinterface:1894
      public static let freeTrial: Product.SubscriptionOffer.PaymentMode = stub()  // StoreKit.swiftinterface:1895
    }
    public let id: String?  // StoreKit.swiftinterface:1899
    public let type: Product.SubscriptionOffer.OfferType  // StoreKit.swiftinterface:1900
    public let price: Decimal  // StoreKit.swiftinterface:1901
    public let displayPrice: String  // StoreKit.swiftinterface:1902
    public let period: Product.SubscriptionPeriod  // StoreKit.swiftinterface:1903
    public let periodCount: Int  // StoreKit.swiftinterface:1904
    public let paymentMode: Product.SubscriptionOffer.PaymentMode  // StoreKit.swiftinterface:1905
  }
}
extension Product.SubscriptionOffer: Sendable {}  // StoreKit.swiftinterface:1914
extension Product.SubscriptionOffer.OfferType: Sendable {}  // StoreKit.swiftinterface:1917
extension Product.SubscriptionOffer.PaymentMode: Sendable {}  // StoreKit.swiftinterface:1920
extension Product.PurchaseError: Equatable {}  // StoreKit.swiftinterface:2138
extension Product.PurchaseError: Hashable {}  // StoreKit.swiftinterface:2140
