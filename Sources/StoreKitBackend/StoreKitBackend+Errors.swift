#if canImport(StoreKit)
  import Foundation
  import StoreKit
  import StoreModel

  // StoreKit's errors, translated into StoreModel's: `StoreKitError` and `Product.PurchaseError`
  // into the `StoreBackendError` case of the same name, `VerificationResult.VerificationError`
  // into `VerificationError`. Each reason names StoreKit's case, so that a log says what StoreKit
  // said. (`StoreKitError.unsupported` is not in the iOS 18.0 SDK the stubs follow: a newer
  // case reaches the `default` branch.)
  extension StoreKitBackend {
    /// StoreModel's error for an error a StoreKit call threw.
    static func backendError(_ error: any Error) -> StoreModel.StoreBackendError {
      if let error = error as? StoreModel.StoreBackendError {
        return error
      }
      if let error = error as? StoreKit.StoreKitError {
        return backendError(fromStoreKit: error)
      }
      if let error = error as? StoreKit.Product.PurchaseError {
        return backendError(fromPurchase: error)
      }
      if error is CancellationError {
        return .systemError(
          "the StoreKit call was cancelled (CancellationError)", code: "CancellationError")
      }
      return .systemError("StoreKit threw \(String(describing: error))")
    }

    /// StoreModel's error for StoreKit's `StoreKitError`.
    static func backendError(fromStoreKit error: StoreKit.StoreKitError)
      -> StoreModel.StoreBackendError
    {
      switch error {
      case .userCancelled:  // StoreKit: StoreKitError.userCancelled
        return .userCancelled
      case .networkError(let urlError):  // StoreKit: StoreKitError.networkError
        return .networkError("StoreKitError.networkError: \(urlError.localizedDescription)")
      case .systemError(let underlying):  // StoreKit: StoreKitError.systemError
        let cause = underlying as NSError
        return .systemError(
          "StoreKitError.systemError: \(String(describing: underlying))",
          code: "\(cause.domain):\(cause.code)")
      case .notAvailableInStorefront:  // StoreKit: StoreKitError.notAvailableInStorefront
        return .notAvailableInStorefront(
          "StoreKitError.notAvailableInStorefront: not available in this storefront")
      case .notEntitled:  // StoreKit: StoreKitError.notEntitled
        return .notEntitled(
          "StoreKitError.notEntitled: the app lacks the entitlement for this StoreKit call")
      case .unknown:  // StoreKit: StoreKitError.unknown
        return .unknown
      default:
        return .systemError("StoreKitError: \(String(describing: error))")
      }
    }

    /// StoreModel's error for StoreKit's `Product.PurchaseError`.
    static func backendError(fromPurchase error: StoreKit.Product.PurchaseError)
      -> StoreModel.StoreBackendError
    {
      switch error {
      case .productUnavailable:  // StoreKit: PurchaseError.productUnavailable
        return .productUnavailable("PurchaseError.productUnavailable")
      case .purchaseNotAllowed:  // StoreKit: PurchaseError.purchaseNotAllowed
        return .purchaseNotAllowed("PurchaseError.purchaseNotAllowed")
      case .invalidQuantity:  // StoreKit: PurchaseError.invalidQuantity
        return .invalidQuantity("PurchaseError.invalidQuantity")
      case .ineligibleForOffer:  // StoreKit: PurchaseError.ineligibleForOffer
        return .ineligibleForOffer("PurchaseError.ineligibleForOffer")
      case .invalidOfferIdentifier:  // StoreKit: PurchaseError.invalidOfferIdentifier
        return .invalidOfferIdentifier("PurchaseError.invalidOfferIdentifier")
      case .invalidOfferPrice:  // StoreKit: PurchaseError.invalidOfferPrice
        return .invalidOfferPrice("PurchaseError.invalidOfferPrice")
      case .invalidOfferSignature:  // StoreKit: PurchaseError.invalidOfferSignature
        return .invalidOfferSignature("PurchaseError.invalidOfferSignature")
      case .missingOfferParameters:  // StoreKit: PurchaseError.missingOfferParameters
        return .missingOfferParameters("PurchaseError.missingOfferParameters")
      default:
        return .systemError("PurchaseError: \(String(describing: error))")
      }
    }

    /// StoreModel's verification error for StoreKit's `VerificationResult.VerificationError`.
    static func verificationError<Signed>(
      _ error: StoreKit.VerificationResult<Signed>.VerificationError
    ) -> StoreModel.VerificationError {
      switch error {
      case .revokedCertificate:  // StoreKit: VerificationError.revokedCertificate
        return StoreModel.VerificationError(
          .invalidChain, "StoreKit: revokedCertificate, the chain holds a revoked certificate")
      case .invalidCertificateChain:  // StoreKit: VerificationError.invalidCertificateChain
        return StoreModel.VerificationError(
          .invalidChain, "StoreKit: invalidCertificateChain, the certificate chain is invalid")
      case .invalidDeviceVerification:  // StoreKit: VerificationError.invalidDeviceVerification
        return StoreModel.VerificationError(
          .wrongApp,
          "StoreKit: invalidDeviceVerification, the data was not signed for this device")
      case .invalidEncoding:  // StoreKit: VerificationError.invalidEncoding
        return StoreModel.VerificationError(
          .malformed, "StoreKit: invalidEncoding, a part of the signed data is badly encoded")
      case .invalidSignature:  // StoreKit: VerificationError.invalidSignature
        return StoreModel.VerificationError(
          .invalidSignature, "StoreKit: invalidSignature, the signature does not match")
      case .missingRequiredProperties:  // StoreKit: VerificationError.missingRequiredProperties
        return StoreModel.VerificationError(
          .malformed, "StoreKit: missingRequiredProperties, the header or payload lacks fields")
      default:
        return StoreModel.VerificationError(
          .malformed, "StoreKit: \(String(describing: error))")
      }
    }
  }
#endif
