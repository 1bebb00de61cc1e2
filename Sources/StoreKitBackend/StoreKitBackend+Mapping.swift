#if canImport(StoreKit)
  import Foundation
  import StoreKit
  import StoreModel
  import os

  // StoreKit's values, translated into StoreModel's one field at a time. Each line names the
  // StoreKit property it reads. Raw values that StoreKit's Swift API does not expose (prices in
  // milli-units, offer periods, newer fields) come from the signed payload StoreKit hands over as
  // `jsonRepresentation`, whose keys are the App Store's and whose values StoreModel's raw-value
  // types already are. Nothing here decides anything: no dates are read, no prices computed.
  extension StoreKitBackend {
    // MARK: - Verification

    /// `result` with its payload translated by `transform`, verified or not as StoreKit said.
    static func verificationResult<Signed, Translated: Sendable>(
      _ result: StoreKit.VerificationResult<Signed>, _ transform: (Signed) -> Translated
    ) -> StoreModel.VerificationResult<Translated> {
      switch result {
      // StoreKit: VerificationResult.verified
      case .verified(let payload):
        return .verified(transform(payload))
      // StoreKit: VerificationResult.unverified
      case .unverified(let payload, let error):
        return .unverified(transform(payload), verificationError(error))
      }
    }

    /// A StoreKit transaction with StoreKit's verdict.
    static func transaction(_ result: StoreKit.VerificationResult<StoreKit.Transaction>)
      -> StoreModel.VerificationResult<StoreModel.Transaction>
    {
      verificationResult(result) {
        // StoreKit: jwsRepresentation
        transaction($0, jwsRepresentation: result.jwsRepresentation)
      }
    }

    /// StoreKit renewal info with StoreKit's verdict.
    static func renewalInfo(
      _ result: StoreKit.VerificationResult<StoreKit.Product.SubscriptionInfo.RenewalInfo>
    ) -> StoreModel.VerificationResult<StoreModel.RenewalInfo> {
      verificationResult(result) {
        // StoreKit: jwsRepresentation
        renewalInfo($0, jwsRepresentation: result.jwsRepresentation)
      }
    }

    /// StoreKit's app transaction with StoreKit's verdict: its payload's App Store JSON
    /// (`payloadData`), read by StoreModel's `Codable` form, which has `appTransactionId` (not
    /// in the iOS 18.0 interface's properties); the placeholder when it does not read.
    static func appTransaction(_ result: StoreKit.VerificationResult<StoreKit.AppTransaction>)
      -> StoreModel.VerificationResult<StoreModel.AppTransaction>
    {
      verificationResult(result) { _ in
        // StoreKit: payloadData
        var app =
          (try? AppStoreJSON.decoder().decode(
            StoreModel.AppTransaction.self, from: result.payloadData))
          ?? StoreModel.AppTransaction(
            environment: .production, bundleID: "", appVersion: "", originalAppVersion: "",
            originalPurchaseDate: Date(timeIntervalSince1970: 0),
            signedDate: Date(timeIntervalSince1970: 0))
        // StoreKit: jwsRepresentation
        app.jwsRepresentation = result.jwsRepresentation
        return app
      }
    }

    // MARK: - Transaction

    /// StoreModel's transaction for StoreKit's `Transaction`.
    static func transaction(_ storeKit: StoreKit.Transaction, jwsRepresentation: String)
      -> StoreModel.Transaction
    {
      // StoreKit: jsonRepresentation
      let payload = SignedPayload.decoding(storeKit.jsonRepresentation)
      var transaction = StoreModel.Transaction(
        id: storeKit.id,  // StoreKit: Transaction.id
        originalID: storeKit.originalID,  // StoreKit: Transaction.originalID
        appBundleID: storeKit.appBundleID,  // StoreKit: Transaction.appBundleID
        productID: storeKit.productID,  // StoreKit: Transaction.productID
        // StoreKit: Transaction.productType
        productType: productType(storeKit.productType, payload: payload),
        purchaseDate: storeKit.purchaseDate,  // StoreKit: Transaction.purchaseDate
        signedDate: storeKit.signedDate  // StoreKit: Transaction.signedDate
      )
      // StoreKit: Transaction.subscriptionGroupID
      transaction.subscriptionGroupID = storeKit.subscriptionGroupID
      // StoreKit: Transaction.originalPurchaseDate
      transaction.originalPurchaseDate = storeKit.originalPurchaseDate
      // StoreKit: Transaction.expirationDate
      transaction.expirationDate = storeKit.expirationDate
      // StoreKit: Transaction.purchasedQuantity
      transaction.purchasedQuantity = storeKit.purchasedQuantity
      // StoreKit: Transaction.ownershipType
      transaction.ownershipType = ownershipType(storeKit.ownershipType, payload: payload)
      // StoreKit: Transaction.reason
      transaction.reason = transactionReason(storeKit.reason, payload: payload)
      // StoreKit: Transaction.environment
      transaction.environment = environment(storeKit.environment)
      // StoreKit: Transaction.webOrderLineItemID
      transaction.webOrderLineItemID = storeKit.webOrderLineItemID
      // StoreKit: Transaction.appAccountToken
      transaction.appAccountToken = storeKit.appAccountToken
      // StoreKit: Transaction.revocationReason
      transaction.revocationReason = storeKit.revocationReason.map(revocationReason)
      // StoreKit: Transaction.revocationDate
      transaction.revocationDate = storeKit.revocationDate
      // StoreKit: Transaction.isUpgraded
      transaction.isUpgraded = storeKit.isUpgraded
      // StoreKit: Transaction.storefront.countryCode
      transaction.storefrontCountryCode = storeKit.storefront.countryCode
      // StoreKit: Transaction.storefront.id
      transaction.storefrontID = storeKit.storefront.id
      // StoreKit: Transaction.currency
      transaction.currency = storeKit.currency?.identifier
      // StoreKit: jsonRepresentation "price" (Transaction.price in milli-units)
      transaction.priceMilliunits = payload.price
      // StoreKit: Transaction.deviceVerification
      transaction.deviceVerification = storeKit.deviceVerification.base64EncodedString()
      // StoreKit: Transaction.deviceVerificationNonce
      transaction.deviceVerificationNonce = storeKit.deviceVerificationNonce
      if #available(iOS 17.2, macOS 14.2, visionOS 1.1, *) {
        // StoreKit: Transaction.offer
        if let offer = storeKit.offer {
          (transaction.offerType, transaction.offerID, transaction.offerPaymentMode) =
            offerFields(offer, payload: payload)
        }
      } else {
        (transaction.offerType, transaction.offerID, transaction.offerPaymentMode) =
          offerFields(
            type: storeKit.offerType,  // StoreKit: Transaction.offerType
            id: storeKit.offerID,  // StoreKit: Transaction.offerID
            payload: payload)
      }
      // StoreKit: jsonRepresentation "offerPeriod"
      transaction.offerPeriod = payload.offerPeriod
      // StoreKit: jsonRepresentation "appTransactionId"
      transaction.appTransactionID = payload.appTransactionId
      // StoreKit: jsonRepresentation "revocationType"
      transaction.revocationType = payload.revocationType.map(StoreModel.RevocationType.init)
      // StoreKit: jsonRepresentation "revocationPercentage"
      transaction.revocationPercentage = payload.revocationPercentage
      // StoreKit: jsonRepresentation "billingPlanType"
      transaction.billingPlanType = payload.billingPlanType
      // StoreKit: VerificationResult.jwsRepresentation
      transaction.jwsRepresentation = jwsRepresentation
      return transaction
    }

    // MARK: - Renewal info

    /// StoreModel's renewal info for StoreKit's `Product.SubscriptionInfo.RenewalInfo`.
    static func renewalInfo(
      _ storeKit: StoreKit.Product.SubscriptionInfo.RenewalInfo, jwsRepresentation: String
    ) -> StoreModel.RenewalInfo {
      // StoreKit: jsonRepresentation
      let payload = SignedPayload.decoding(storeKit.jsonRepresentation)
      var info = StoreModel.RenewalInfo(
        // StoreKit: RenewalInfo.originalTransactionID
        originalTransactionID: storeKit.originalTransactionID,
        currentProductID: storeKit.currentProductID,  // StoreKit: RenewalInfo.currentProductID
        willAutoRenew: storeKit.willAutoRenew,  // StoreKit: RenewalInfo.willAutoRenew
        signedDate: storeKit.signedDate  // StoreKit: RenewalInfo.signedDate
      )
      // StoreKit: RenewalInfo.autoRenewPreference
      info.autoRenewPreference = storeKit.autoRenewPreference
      // StoreKit: RenewalInfo.expirationReason
      info.expirationReason = storeKit.expirationReason.map {
        expirationReason($0, payload: payload)
      }
      // StoreKit: RenewalInfo.isInBillingRetry
      info.isInBillingRetry = storeKit.isInBillingRetry
      // StoreKit: RenewalInfo.gracePeriodExpirationDate
      info.gracePeriodExpirationDate = storeKit.gracePeriodExpirationDate
      // StoreKit: RenewalInfo.priceIncreaseStatus
      info.priceIncreaseStatus = priceIncreaseStatus(storeKit.priceIncreaseStatus)
      // StoreKit: RenewalInfo.environment
      info.environment = environment(storeKit.environment)
      // StoreKit: RenewalInfo.recentSubscriptionStartDate
      info.recentSubscriptionStartDate = storeKit.recentSubscriptionStartDate
      // StoreKit: RenewalInfo.renewalDate
      info.renewalDate = storeKit.renewalDate
      // StoreKit: RenewalInfo.currency
      info.currency = storeKit.currency?.identifier
      // StoreKit: jsonRepresentation "renewalPrice" (RenewalInfo.renewalPrice in milli-units)
      info.renewalPriceMilliunits = payload.renewalPrice
      if #available(iOS 18.0, macOS 15.0, visionOS 2.0, *) {
        // StoreKit: RenewalInfo.offer
        if let offer = storeKit.offer {
          (info.offerType, info.offerID, info.offerPaymentMode) = offerFields(
            offer, payload: payload)
        }
        // StoreKit: RenewalInfo.eligibleWinBackOfferIDs
        info.eligibleWinBackOfferIDs = storeKit.eligibleWinBackOfferIDs
      } else {
        (info.offerType, info.offerID, info.offerPaymentMode) = offerFields(
          type: storeKit.offerType,  // StoreKit: RenewalInfo.offerType
          id: storeKit.offerID,  // StoreKit: RenewalInfo.offerID
          payload: payload)
        // StoreKit: jsonRepresentation "eligibleWinBackOfferIds"
        info.eligibleWinBackOfferIDs = payload.eligibleWinBackOfferIds
      }
      // StoreKit: jsonRepresentation "offerPeriod"
      info.offerPeriod = payload.offerPeriod
      // StoreKit: jsonRepresentation "appAccountToken"
      info.appAccountToken = payload.appAccountToken
      // StoreKit: jsonRepresentation "appTransactionId"
      info.appTransactionID = payload.appTransactionId
      // StoreKit: jsonRepresentation "renewalBillingPlanType"
      info.renewalBillingPlanType = payload.renewalBillingPlanType
      // StoreKit: VerificationResult.jwsRepresentation
      info.jwsRepresentation = jwsRepresentation
      return info
    }

    // MARK: - Product

    /// StoreModel's product for StoreKit's `Product`; `nil`, with a log entry, when its
    /// subscription period has a unit StoreModel does not know.
    static func product(_ storeKit: StoreKit.Product) -> StoreModel.Product? {
      var subscription: StoreModel.Product.SubscriptionInfo?
      // StoreKit: Product.subscription
      if let info = storeKit.subscription {
        guard let translated = subscriptionInfo(info) else {
          logger.error(
            "left out product \(storeKit.id, privacy: .public): unknown subscription period")
          return nil
        }
        subscription = translated
      }
      return StoreModel.Product(
        id: storeKit.id,  // StoreKit: Product.id
        type: productType(storeKit.type),  // StoreKit: Product.type
        displayName: storeKit.displayName,  // StoreKit: Product.displayName
        description: storeKit.description,  // StoreKit: Product.description
        price: storeKit.price,  // StoreKit: Product.price
        displayPrice: storeKit.displayPrice,  // StoreKit: Product.displayPrice
        // StoreKit: Product.priceFormatStyle.currencyCode
        currencyCode: storeKit.priceFormatStyle.currencyCode,
        locale: storeKit.priceFormatStyle.locale,  // StoreKit: Product.priceFormatStyle.locale
        isFamilyShareable: storeKit.isFamilyShareable,  // StoreKit: Product.isFamilyShareable
        subscription: subscription
      )
    }

    /// StoreModel's subscription details for StoreKit's `Product.SubscriptionInfo`.
    static func subscriptionInfo(_ storeKit: StoreKit.Product.SubscriptionInfo)
      -> StoreModel.Product.SubscriptionInfo?
    {
      // StoreKit: SubscriptionInfo.subscriptionPeriod
      guard let period = subscriptionPeriod(storeKit.subscriptionPeriod) else {
        return nil
      }
      var winBackOffers: [StoreKit.Product.SubscriptionOffer] = []
      if #available(iOS 18.0, macOS 15.0, visionOS 2.0, *) {
        // StoreKit: SubscriptionInfo.winBackOffers
        winBackOffers = storeKit.winBackOffers
      }
      return StoreModel.Product.SubscriptionInfo(
        // StoreKit: SubscriptionInfo.subscriptionGroupID
        subscriptionGroupID: storeKit.subscriptionGroupID,
        groupDisplayName: storeKit.groupDisplayName,  // StoreKit: SubscriptionInfo.groupDisplayName
        groupLevel: storeKit.groupLevel,  // StoreKit: SubscriptionInfo.groupLevel
        subscriptionPeriod: period,
        // StoreKit: SubscriptionInfo.introductoryOffer
        introductoryOffer: storeKit.introductoryOffer.flatMap(subscriptionOffer),
        // StoreKit: SubscriptionInfo.promotionalOffers
        promotionalOffers: storeKit.promotionalOffers.compactMap(subscriptionOffer),
        winBackOffers: winBackOffers.compactMap(subscriptionOffer)
      )
    }

    /// StoreModel's offer for StoreKit's `Product.SubscriptionOffer`; `nil`, with a log entry,
    /// when its type or period is one StoreModel does not know.
    static func subscriptionOffer(_ storeKit: StoreKit.Product.SubscriptionOffer)
      -> StoreModel.SubscriptionOffer?
    {
      // StoreKit: SubscriptionOffer.type
      guard let type = offerType(storeKit.type),
        // StoreKit: SubscriptionOffer.period
        let period = subscriptionPeriod(storeKit.period)
      else {
        let offer = String(describing: storeKit)
        logger.error("left out an offer of unknown type or period: \(offer, privacy: .public)")
        return nil
      }
      return StoreModel.SubscriptionOffer(
        id: storeKit.id,  // StoreKit: SubscriptionOffer.id
        type: type,
        // StoreKit: SubscriptionOffer.paymentMode
        paymentMode: offerPaymentMode(storeKit.paymentMode),
        price: storeKit.price,  // StoreKit: SubscriptionOffer.price
        displayPrice: storeKit.displayPrice,  // StoreKit: SubscriptionOffer.displayPrice
        period: period,
        periodCount: storeKit.periodCount  // StoreKit: SubscriptionOffer.periodCount
      )
    }

    /// StoreModel's period for StoreKit's `Product.SubscriptionPeriod`; `nil` for a unit
    /// StoreModel does not know.
    static func subscriptionPeriod(_ storeKit: StoreKit.Product.SubscriptionPeriod)
      -> StoreModel.SubscriptionPeriod?
    {
      let unit: StoreModel.SubscriptionPeriod.Unit
      // StoreKit: SubscriptionPeriod.unit
      if storeKit.unit == .day {
        unit = .day
      } else if storeKit.unit == .week {
        unit = .week
      } else if storeKit.unit == .month {
        unit = .month
      } else if storeKit.unit == .year {
        unit = .year
      } else {
        return nil
      }
      // StoreKit: SubscriptionPeriod.value
      return StoreModel.SubscriptionPeriod(value: storeKit.value, unit: unit)
    }

    // MARK: - Subscription status

    /// StoreModel's renewal state for StoreKit's `Product.SubscriptionInfo.RenewalState`.
    static func renewalState(_ storeKit: StoreKit.Product.SubscriptionInfo.RenewalState)
      -> StoreModel.RenewalState
    {
      if storeKit == .subscribed { return .subscribed }
      if storeKit == .expired { return .expired }
      if storeKit == .inBillingRetryPeriod { return .inBillingRetryPeriod }
      if storeKit == .inGracePeriod { return .inGracePeriod }
      if storeKit == .revoked { return .revoked }
      return StoreModel.RenewalState(rawValue: storeKit.rawValue)
    }
  }
#endif
