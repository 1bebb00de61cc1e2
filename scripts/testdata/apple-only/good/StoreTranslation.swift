// Translation code with diagnostics: error reasons, log lines and @available messages are not
// copy; comparisons with nil and words that merely contain "price" are not price rules.
#if canImport(StoreKit)
  import StoreKit
  import StoreModel

  enum StoreTranslation {
    @available(visionOS, unavailable, message: "Use the initializer that takes a scene")
    static func reason(for error: StoreKitError) -> StoreBackendError {
      .systemError("StoreKit failed: \(String(describing: error))")
    }

    static func revoked() -> VerificationError {
      VerificationError(.invalidChain, "The chain holds a revoked certificate")
    }

    static func same(_ product: StoreKit.Product, _ id: String) -> Bool {
      product.id == id
    }

    static func hasPrice(_ transaction: StoreModel.Transaction) -> Bool {
      transaction.priceMilliunits != nil
    }

    static func declined(_ reason: Product.SubscriptionInfo.RenewalInfo.ExpirationReason) -> Bool {
      reason == .didNotConsentToPriceIncrease
    }

    static func locale(of product: StoreKit.Product) -> Locale {
      product.priceFormatStyle.locale
    }
  }
#endif
