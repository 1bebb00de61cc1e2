// A stand-in for the part of Apple's StoreKit 2 that StoreKitBackend uses, declared as Apple's
// documentation declares it (names, types, optionality, Sendable, @frozen), so that
// `scripts/check-apple-only --typecheck` can type-check the backend on Linux. Bodies are empty:
// nothing here runs. Availability is Apple's but is not enforced on Linux; the iOS CI job is
// what proves it. Built with -enable-library-evolution so that non-@frozen enums behave as in
// Apple's SDK (a switch over them needs a default).
import Foundation

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

private func stub<T>() -> T { fatalError("StoreKit stub") }

public enum AppStore {
  public static func sync() async throws {}

  public struct Environment: RawRepresentable, Equatable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let production = Environment(rawValue: "Production")
    public static let sandbox = Environment(rawValue: "Sandbox")
    public static let xcode = Environment(rawValue: "Xcode")
  }
}

public struct Storefront: Identifiable, Equatable, Hashable, Sendable {
  public let countryCode: String
  public let id: String
}

public enum StoreKitError: Error, Sendable {
  case unknown
  case userCancelled
  case networkError(URLError)
  case systemError(any Error)
  case notAvailableInStorefront
  case notEntitled
  case unsupported
}

@frozen public enum VerificationResult<SignedType> {
  case unverified(SignedType, VerificationResult<SignedType>.VerificationError)
  case verified(SignedType)

  public enum VerificationError: Error, Equatable, Hashable, Sendable {
    case revokedCertificate
    case invalidCertificateChain
    case invalidDeviceVerification
    case invalidEncoding
    case invalidSignature
    case missingRequiredProperties
  }

  public var unsafePayloadValue: SignedType { stub() }
  public var payloadValue: SignedType { get throws { stub() } }
}

extension VerificationResult: Sendable where SignedType: Sendable {}
extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

extension VerificationResult where SignedType == Transaction {
  public var jwsRepresentation: String { stub() }
}

extension VerificationResult where SignedType == Product.SubscriptionInfo.RenewalInfo {
  public var jwsRepresentation: String { stub() }
}

public struct Product: Identifiable, Equatable, Hashable, Sendable {
  public let id: String
  public let type: ProductType
  public let displayName: String
  public let description: String
  public let price: Decimal
  public let displayPrice: String
  public let isFamilyShareable: Bool
  public let subscription: SubscriptionInfo?
  public let jsonRepresentation: Data
  public var priceFormatStyle: Decimal.FormatStyle.Currency { stub() }

  public static func products<Identifiers: Collection>(for identifiers: Identifiers) async throws
    -> [Product] where Identifiers.Element == String
  { stub() }

  // Unavailable on visionOS in Apple's SDK.
  @MainActor public func purchase(options: Set<PurchaseOption> = []) async throws -> PurchaseResult
  { stub() }

  public struct ProductType: Equatable, Hashable, Sendable {
    public static let consumable = ProductType()
    public static let nonConsumable = ProductType()
    public static let nonRenewable = ProductType()
    public static let autoRenewable = ProductType()
  }

  public enum PurchaseResult: Equatable, Sendable {
    case success(VerificationResult<Transaction>)
    case userCancelled
    case pending
  }

  public struct PurchaseOption: Equatable, Hashable, Sendable {
    public static func appAccountToken(_ token: UUID) -> PurchaseOption { stub() }
    public static func quantity(_ quantity: Int) -> PurchaseOption { stub() }
  }

  public enum PurchaseError: Error, Equatable, Hashable, Sendable {
    case invalidQuantity
    case productUnavailable
    case purchaseNotAllowed
    case ineligibleForOffer
    case invalidOfferIdentifier
    case invalidOfferPrice
    case invalidOfferSignature
    case missingOfferParameters
  }

  public struct SubscriptionPeriod: Equatable, Hashable, Sendable {
    public let unit: Unit
    public let value: Int

    public enum Unit: Equatable, Hashable, Sendable {
      case day
      case week
      case month
      case year
    }
  }

  public struct SubscriptionOffer: Equatable, Hashable, Sendable {
    public let id: String?
    public let type: OfferType
    public let price: Decimal
    public let displayPrice: String
    public let period: SubscriptionPeriod
    public let periodCount: Int
    public let paymentMode: PaymentMode

    public struct OfferType: Equatable, Hashable, Sendable {
      public static let introductory = OfferType()
      public static let promotional = OfferType()
      // iOS 18.0
      public static let winBack = OfferType()
    }

    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
      public let rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
      public static let freeTrial = PaymentMode(rawValue: "freeTrial")
      public static let payAsYouGo = PaymentMode(rawValue: "payAsYouGo")
      public static let payUpFront = PaymentMode(rawValue: "payUpFront")
    }
  }

  public struct SubscriptionInfo: Equatable, Hashable, Sendable {
    public let subscriptionGroupID: String
    public let subscriptionPeriod: SubscriptionPeriod
    public let introductoryOffer: SubscriptionOffer?
    public let promotionalOffers: [SubscriptionOffer]
    // iOS 18.0
    public let winBackOffers: [SubscriptionOffer]
    // iOS 16.4
    public var groupLevel: Int { stub() }
    // iOS 16.4
    public var groupDisplayName: String { stub() }

    public static func status(for groupID: String) async throws -> [Status] { stub() }

    public struct Status: Equatable, Hashable, Sendable {
      public let state: RenewalState
      public let transaction: VerificationResult<Transaction>
      public let renewalInfo: VerificationResult<RenewalInfo>
    }

    public struct RenewalState: RawRepresentable, Equatable, Hashable, Sendable {
      public let rawValue: Int
      public init(rawValue: Int) { self.rawValue = rawValue }
      public static let subscribed = RenewalState(rawValue: 1)
      public static let expired = RenewalState(rawValue: 2)
      public static let inBillingRetryPeriod = RenewalState(rawValue: 3)
      public static let inGracePeriod = RenewalState(rawValue: 4)
      public static let revoked = RenewalState(rawValue: 5)
    }

    public struct RenewalInfo: Equatable, Hashable, Sendable {
      public let originalTransactionID: UInt64
      public let currentProductID: String
      public let willAutoRenew: Bool
      public let autoRenewPreference: String?
      public let expirationReason: ExpirationReason?
      public let isInBillingRetry: Bool
      public let gracePeriodExpirationDate: Date?
      public let priceIncreaseStatus: PriceIncreaseStatus
      // Deprecated in iOS 18.0 for `offer`.
      public let offerType: Transaction.OfferType?
      // Deprecated in iOS 18.0 for `offer`.
      public let offerID: String?
      // iOS 18.0
      public let offer: Transaction.Offer?
      public let signedDate: Date
      // iOS 16.0
      public let environment: AppStore.Environment
      public var recentSubscriptionStartDate: Date { stub() }
      public var renewalDate: Date? { stub() }
      public var currency: Locale.Currency? { stub() }
      public var renewalPrice: Decimal? { stub() }
      // iOS 18.0
      public let eligibleWinBackOfferIDs: [String]
      public let jsonRepresentation: Data

      public struct ExpirationReason: Equatable, Hashable, Sendable {
        public static let autoRenewDisabled = ExpirationReason()
        public static let billingError = ExpirationReason()
        public static let didNotConsentToPriceIncrease = ExpirationReason()
        public static let productUnavailable = ExpirationReason()
        public static let unknown = ExpirationReason()
      }

      @frozen public enum PriceIncreaseStatus: Equatable, Hashable, Sendable {
        case noIncreasePending
        case pending
        case agreed
      }
    }
  }
}

public struct Transaction: Identifiable, Equatable, Hashable, Sendable {
  public let id: UInt64
  public let originalID: UInt64
  public let webOrderLineItemID: String?
  public let productID: String
  public let subscriptionGroupID: String?
  public let appBundleID: String
  public let purchaseDate: Date
  public let originalPurchaseDate: Date
  public let expirationDate: Date?
  public let purchasedQuantity: Int
  public let isUpgraded: Bool
  public let ownershipType: OwnershipType
  public let signedDate: Date
  public let revocationDate: Date?
  public let revocationReason: RevocationReason?
  public let productType: Product.ProductType
  public let appAccountToken: UUID?
  // iOS 16.0
  public let environment: AppStore.Environment
  // iOS 17.0
  public let reason: Reason
  // iOS 17.0
  public let storefront: Storefront
  public var currency: Locale.Currency? { stub() }
  public let price: Decimal?
  // Deprecated in iOS 17.2 for `offer`.
  public let offerType: OfferType?
  // Deprecated in iOS 17.2 for `offer`.
  public let offerID: String?
  // iOS 17.2
  public let offer: Offer?
  public let jsonRepresentation: Data
  public let deviceVerification: Data
  public let deviceVerificationNonce: UUID

  public func finish() async {}

  public static var updates: Transactions { stub() }
  public static var currentEntitlements: Transactions { stub() }
  public static var unfinished: Transactions { stub() }

  public struct Transactions: AsyncSequence, Sendable {
    public typealias Element = VerificationResult<Transaction>

    public struct AsyncIterator: AsyncIteratorProtocol {
      public mutating func next() async -> VerificationResult<Transaction>? { stub() }
    }

    public func makeAsyncIterator() -> AsyncIterator { stub() }
  }

  public struct OwnershipType: RawRepresentable, Equatable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let purchased = OwnershipType(rawValue: "PURCHASED")
    public static let familyShared = OwnershipType(rawValue: "FAMILY_SHARED")
  }

  public struct Reason: RawRepresentable, Equatable, Hashable, Sendable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public static let purchase = Reason(rawValue: "PURCHASE")
    public static let renewal = Reason(rawValue: "RENEWAL")
  }

  public struct RevocationReason: RawRepresentable, Equatable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let developerIssue = RevocationReason(rawValue: 1)
    public static let other = RevocationReason(rawValue: 0)
  }

  public struct OfferType: RawRepresentable, Equatable, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let introductory = OfferType(rawValue: 1)
    public static let promotional = OfferType(rawValue: 2)
    public static let code = OfferType(rawValue: 3)
    // Back-deployed before iOS 18.0.
    public static var winBack: OfferType { OfferType(rawValue: 4) }
  }

  // iOS 17.2
  public struct Offer: Equatable, Hashable, Sendable {
    public let id: String?
    public let type: OfferType
    public let paymentMode: PaymentMode?

    public struct PaymentMode: RawRepresentable, Equatable, Hashable, Sendable {
      public let rawValue: String
      public init(rawValue: String) { self.rawValue = rawValue }
      public static let freeTrial = PaymentMode(rawValue: "FREE_TRIAL")
      public static let payAsYouGo = PaymentMode(rawValue: "PAY_AS_YOU_GO")
      public static let payUpFront = PaymentMode(rawValue: "PAY_UP_FRONT")
    }
  }
}
