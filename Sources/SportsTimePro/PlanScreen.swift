import StoreModel

/// A screen that sells the Pro plans (``PaywallModel``, ``OnboardingPaywallModel``): what it
/// shows of the store's purchase and products, and the one rule of which plan is selected.
@MainActor
package protocol PlanScreen: AnyObject {
  /// The store it sells through.
  var store: StoreManager { get }
}

extension PlanScreen {
  /// Whether a purchase runs: the subscribe button shows a spinner.
  package var isPurchasing: Bool { store.purchaseState.isPurchasing }

  /// The error line: the message of the latest failed purchase or restore; nothing after a
  /// cancel.
  package var errorMessage: String? { store.lastError?.message }

  /// The line shown while a purchase waits for approval (Ask to Buy).
  package var pendingMessage: String? {
    store.purchaseState.isPending ? StoreError.pendingApproval.message : nil
  }

  /// What replaces the plans while they cannot be shown: loading, or why they failed.
  package var productsMessage: String? {
    switch store.productsState {
    case .idle, .loading: "Loading plans…"
    case .loaded: nil
    case .failed(let error): error.message
    }
  }

  /// Whether a "Try Again" button for the plans makes sense: their loading failed.
  package var canRetryLoadingProducts: Bool { store.productsState.isRetryable }

  /// The title of the button that loads the plans again: "Try Again".
  package var retryButtonTitle: String { PaywallModel.retryButtonTitle }

  /// Loads the plans again after a failure, in the background.
  package func retryLoadingProducts() {
    store.retryLoadingProducts()
  }

  /// The terms of the offer the plan of `productID` shows to this customer, ending on its
  /// renewal: "1 week free, then $49.99/year"; `nil` when the customer pays the plain price, or
  /// the plan is not loaded (``StoreManager/offer(for:)``).
  package func offerTerms(ofProductID productID: String?) -> String? {
    guard let productID, let product = store.product(id: productID) else { return nil }
    return store.offer(for: product)?.terms
  }
}
