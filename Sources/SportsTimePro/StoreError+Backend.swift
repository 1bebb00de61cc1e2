import StoreModel

extension StoreError {
  /// The message a customer sees for a backend failure of a purchase or restore.
  init(_ error: StoreBackendError) {
    switch error {
    case .networkError: self = .networkUnavailable
    case .userCancelled: self = .userCancelled
    case .productUnavailable, .notAvailableInStorefront: self = .productNotFound
    case .systemError, .purchaseNotAllowed, .ineligibleForOffer, .unknown, .notEntitled,
      .unsupported, .invalidQuantity, .invalidOfferIdentifier, .invalidOfferPrice,
      .invalidOfferSignature, .missingOfferParameters:
      self = .purchaseFailed
    }
  }
}
