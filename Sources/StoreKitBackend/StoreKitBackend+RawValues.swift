#if canImport(StoreKit)
  import StoreKit
  import StoreModel

  // StoreKit's enumerations, translated into StoreModel's raw-value types: each case StoreKit
  // names becomes StoreModel's case of that name, and any other value keeps its raw value (the
  // signed payload's, where StoreKit's Swift API does not expose it).
  extension StoreKitBackend {
    /// StoreModel's product type for a product's `Product.ProductType`.
    static func productType(_ storeKit: StoreKit.Product.ProductType) -> StoreModel.ProductType {
      // StoreKit: ProductType.rawValue
      knownProductType(storeKit) ?? StoreModel.ProductType(rawValue: storeKit.rawValue)
    }

    /// StoreModel's product type for a transaction's `Product.ProductType`, or else the signed
    /// payload's `type`.
    static func productType(_ storeKit: StoreKit.Product.ProductType, payload: SignedPayload)
      -> StoreModel.ProductType
    {
      knownProductType(storeKit)
        ?? payload.type.map(StoreModel.ProductType.init) ?? productType(storeKit)
    }

    private static func knownProductType(_ storeKit: StoreKit.Product.ProductType)
      -> StoreModel.ProductType?
    {
      if storeKit == .consumable { return .consumable }
      if storeKit == .nonConsumable { return .nonConsumable }
      if storeKit == .nonRenewable { return .nonRenewable }
      if storeKit == .autoRenewable { return .autoRenewable }
      return nil
    }

    /// StoreModel's ownership for StoreKit's `Transaction.OwnershipType`.
    static func ownershipType(
      _ storeKit: StoreKit.Transaction.OwnershipType, payload: SignedPayload
    )
      -> StoreModel.OwnershipType
    {
      if storeKit == .purchased { return .purchased }
      if storeKit == .familyShared { return .familyShared }
      return StoreModel.OwnershipType(rawValue: payload.inAppOwnershipType ?? storeKit.rawValue)
    }

    /// StoreModel's reason for StoreKit's `Transaction.Reason`.
    static func transactionReason(_ storeKit: StoreKit.Transaction.Reason, payload: SignedPayload)
      -> StoreModel.TransactionReason
    {
      if storeKit == .purchase { return .purchase }
      if storeKit == .renewal { return .renewal }
      return StoreModel.TransactionReason(rawValue: payload.transactionReason ?? storeKit.rawValue)
    }

    /// StoreModel's environment for StoreKit's `AppStore.Environment`.
    static func environment(_ storeKit: StoreKit.AppStore.Environment)
      -> StoreModel.AppStoreEnvironment
    {
      if storeKit == .production { return .production }
      if storeKit == .sandbox { return .sandbox }
      if storeKit == .xcode { return .xcode }
      return StoreModel.AppStoreEnvironment(rawValue: storeKit.rawValue)
    }

    /// StoreModel's revocation reason for StoreKit's `Transaction.RevocationReason`.
    static func revocationReason(_ storeKit: StoreKit.Transaction.RevocationReason)
      -> StoreModel.RevocationReason
    {
      if storeKit == .developerIssue { return .developerIssue }
      if storeKit == .other { return .other }
      return StoreModel.RevocationReason(rawValue: storeKit.rawValue)
    }

    /// StoreModel's offer fields (type, identifier, payment mode) of a transaction or renewal
    /// info.
    typealias OfferFields = (
      type: StoreModel.OfferType?, id: String?, paymentMode: StoreModel.OfferPaymentMode?
    )

    /// The offer fields of StoreKit's `Transaction.Offer`, which `Transaction.offer` and
    /// `RenewalInfo.offer` both are.
    @available(iOS 17.2, macOS 14.2, visionOS 1.1, *)
    static func offerFields(_ offer: StoreKit.Transaction.Offer, payload: SignedPayload)
      -> OfferFields
    {
      (
        offerType(offer.type),  // StoreKit: Transaction.Offer.type
        offer.id,  // StoreKit: Transaction.Offer.id
        // StoreKit: Transaction.Offer.paymentMode
        offer.paymentMode.map { offerPaymentMode($0, payload: payload) }
      )
    }

    /// The offer fields from before `offer` existed: the `offerType` and `offerID` StoreKit
    /// gives, and the payment mode from the signed payload.
    static func offerFields(
      type: StoreKit.Transaction.OfferType?, id: String?, payload: SignedPayload
    ) -> OfferFields {
      (
        type.map(offerType), id,
        // StoreKit: jsonRepresentation "offerDiscountType"
        payload.offerDiscountType.map(StoreModel.OfferPaymentMode.init)
      )
    }

    /// StoreModel's offer type for StoreKit's `Transaction.OfferType`, whose raw values are the
    /// App Store's (`winBack` is 4).
    static func offerType(_ storeKit: StoreKit.Transaction.OfferType) -> StoreModel.OfferType {
      if storeKit == .introductory { return .introductory }
      if storeKit == .promotional { return .promotional }
      if storeKit == .code { return .code }
      if storeKit == .winBack { return .winBack }
      return StoreModel.OfferType(rawValue: storeKit.rawValue)
    }

    /// StoreModel's offer type for StoreKit's `Product.SubscriptionOffer.OfferType`; `nil` for a
    /// type StoreModel does not know.
    static func offerType(_ storeKit: StoreKit.Product.SubscriptionOffer.OfferType)
      -> StoreModel.OfferType?
    {
      if storeKit == .introductory { return .introductory }
      if storeKit == .promotional { return .promotional }
      if #available(iOS 18.0, macOS 15.0, visionOS 2.0, *), storeKit == .winBack {
        return .winBack
      }
      return nil
    }

    /// StoreModel's payment mode for StoreKit's `Transaction.Offer.PaymentMode`, or else the
    /// signed payload's `offerDiscountType`.
    @available(iOS 17.2, macOS 14.2, visionOS 1.1, *)
    static func offerPaymentMode(
      _ storeKit: StoreKit.Transaction.Offer.PaymentMode, payload: SignedPayload
    ) -> StoreModel.OfferPaymentMode {
      if storeKit == .freeTrial { return .freeTrial }
      if storeKit == .payAsYouGo { return .payAsYouGo }
      if storeKit == .payUpFront { return .payUpFront }
      return StoreModel.OfferPaymentMode(rawValue: payload.offerDiscountType ?? storeKit.rawValue)
    }

    /// StoreModel's payment mode for StoreKit's `Product.SubscriptionOffer.PaymentMode`.
    static func offerPaymentMode(_ storeKit: StoreKit.Product.SubscriptionOffer.PaymentMode)
      -> StoreModel.OfferPaymentMode
    {
      if storeKit == .freeTrial { return .freeTrial }
      if storeKit == .payAsYouGo { return .payAsYouGo }
      if storeKit == .payUpFront { return .payUpFront }
      return StoreModel.OfferPaymentMode(rawValue: storeKit.rawValue)
    }

    /// StoreModel's expiration reason for StoreKit's `RenewalInfo.ExpirationReason`, or else the
    /// signed payload's `expirationIntent`.
    static func expirationReason(
      _ storeKit: StoreKit.Product.SubscriptionInfo.RenewalInfo.ExpirationReason,
      payload: SignedPayload
    ) -> StoreModel.ExpirationReason {
      if storeKit == .autoRenewDisabled { return .autoRenewDisabled }
      if storeKit == .billingError { return .billingError }
      if storeKit == .didNotConsentToPriceIncrease { return .didNotConsentToPriceIncrease }
      if storeKit == .productUnavailable { return .productUnavailable }
      if storeKit == .unknown { return .unknown }
      return payload.expirationIntent.map(StoreModel.ExpirationReason.init) ?? .unknown
    }

    /// StoreModel's price-increase status for StoreKit's `RenewalInfo.PriceIncreaseStatus`, in
    /// the App Store's terms (App Store Server API, `priceIncreaseStatus`): absent when no
    /// increase is pending, 0 while the customer has not answered one, 1 once they consented.
    /// The three states stay three.
    static func priceIncreaseStatus(
      _ storeKit: StoreKit.Product.SubscriptionInfo.RenewalInfo.PriceIncreaseStatus
    ) -> StoreModel.PriceIncreaseStatus? {
      switch storeKit {
      // StoreKit: PriceIncreaseStatus.noIncreasePending
      case .noIncreasePending: nil
      // StoreKit: PriceIncreaseStatus.pending (raw 0: the customer has not answered)
      case .pending: .pending
      // StoreKit: PriceIncreaseStatus.agreed
      case .agreed: .agreed
      }
    }
  }
#endif
