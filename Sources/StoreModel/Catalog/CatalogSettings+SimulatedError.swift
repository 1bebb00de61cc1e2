extension CatalogSettings {
  /// A StoreKit API whose calls Xcode can make fail: StoreKitTest's `FailableStoreKitAPI`.
  ///
  /// The raw value is the `name` of the `_storeKitErrors` entry: `"Load Products"`.
  public struct StoreKitAPI: OpenEnumeration {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }

    /// `Product.products(for:)`.
    public static let loadProducts = StoreKitAPI(rawValue: "Load Products")
    /// `Product.purchase(options:)`.
    public static let purchase = StoreKitAPI(rawValue: "Purchase")
    /// The verification of signed transactions.
    public static let verification = StoreKitAPI(rawValue: "Verification")
    /// `AppStore.sync()`.
    public static let appStoreSync = StoreKitAPI(rawValue: "App Store Sync")
    /// `Product.SubscriptionInfo.status(for:)`.
    public static let subscriptionStatus = StoreKitAPI(rawValue: "Subscription Status")
    /// `AppTransaction.shared`.
    public static let appTransaction = StoreKitAPI(rawValue: "App Transaction")
    /// The manage-subscriptions sheet: `AppStore.showManageSubscriptions(in:)`.
    public static let manageSubscriptions = StoreKitAPI(rawValue: "Manage Subscriptions Sheet")
    /// The refund-request sheet: `Transaction.beginRefundRequest(in:)`.
    public static let refundRequest = StoreKitAPI(rawValue: "Refund Request Sheet")
    /// The offer-code redemption sheet.
    public static let offerCodeRedeem = StoreKitAPI(rawValue: "Offer Code Redeem Sheet")

    /// The nine APIs, in the order Xcode writes them.
    package static let allKnown: [StoreKitAPI] = [
      .loadProducts, .purchase, .verification, .appStoreSync, .subscriptionStatus,
      .appTransaction, .manageSubscriptions, .refundRequest, .offerCodeRedeem,
    ]

    /// The error family of the API's first (default) error: `purchase` for ``purchase``,
    /// `verification` for ``verification``, `refund request` for ``refundRequest``, else
    /// `generic`.
    package var defaultErrorType: String {
      switch self {
      case .purchase: "purchase"
      case .verification: "verification"
      case .refundRequest: "refund request"
      default: "generic"
      }
    }
  }

  /// An entry of `_storeKitErrors`: whether one StoreKit API fails, and with which error.
  package struct SimulatedError: Sendable, Hashable {
    /// The entry's `name`: `"Load Products"`.
    package var name: String
    /// `enabled`: the API fails only when this is `true`.
    package var isEnabled: Bool
    /// `current`: the chosen error; `nil` when `null` or absent.
    package var current: Selection?

    /// Creates an entry.
    package init(name: String, isEnabled: Bool, current: Selection? = nil) {
      self.name = name
      self.isEnabled = isEnabled
      self.current = current
    }

    /// The API this entry controls.
    package var api: StoreKitAPI { StoreKitAPI(rawValue: name) }

    /// The error the API fails with: ``current``, else the API's first error; `nil` when the
    /// entry is not enabled.
    package var activeSelection: Selection? {
      guard isEnabled else { return nil }
      return current ?? Selection(type: api.defaultErrorType, index: 0)
    }

    /// A chosen error: a family (`type`) and a position in that family's list of cases, kept
    /// verbatim from the file.
    package struct Selection: Sendable, Hashable, CustomStringConvertible {
      /// `generic` (StoreKitError), `purchase` (Product.PurchaseError), `verification`
      /// (VerificationResult.VerificationError) or `refund request`
      /// (Transaction.RefundRequestError).
      package var type: String
      /// The position of the error in its family's list of cases.
      package var index: Int

      /// Creates a selection.
      package init(type: String, index: Int) {
        self.type = type
        self.index = index
      }

      /// The StoreKit name of the error (`networkError`), or `nil` for a family or index not in
      /// the table. The order of each family is inferred from Apple's declarations.
      package var errorName: String? {
        guard let names = Self.errorNames[type], names.indices.contains(index) else { return nil }
        return names[index]
      }

      /// `type[index]` with the error's name when known: `generic[2] networkError`.
      package var description: String {
        "\(type)[\(index)]" + (errorName.map { " \($0)" } ?? "")
      }

      private static let errorNames: [String: [String]] = [
        "generic": [
          "unknown", "userCancelled", "networkError", "systemError", "notAvailableInStorefront",
          "notEntitled",
        ],
        "purchase": [
          "invalidQuantity", "productUnavailable", "purchaseNotAllowed", "ineligibleForOffer",
          "invalidOfferIdentifier", "invalidOfferPrice", "invalidOfferSignature",
          "missingOfferParameters",
        ],
        "verification": [
          "revokedCertificate", "invalidCertificateChain", "invalidDeviceVerification",
          "invalidEncoding", "invalidSignature", "missingRequiredProperties",
        ],
        "refund request": ["duplicateRequest", "failed"],
      ]
    }
  }
}
