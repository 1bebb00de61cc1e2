import StoreModel

/// A screen that sells the Pro plans (``PaywallModel``, ``OnboardingPaywallModel``): what it
/// shows of the store's purchase and products, and the one rule of which plan is selected.
@MainActor
public protocol PlanScreen: AnyObject {
  /// The store it sells through.
  var store: StoreManager { get }
}

extension PlanScreen {
  /// Whether a purchase runs: the subscribe button shows a spinner.
  public var isPurchasing: Bool { store.purchaseState.isPurchasing }

  /// The error line: the message of the latest failed purchase or restore; nothing after a
  /// cancel.
  public var errorMessage: String? { store.lastError?.message }

  /// The line shown while a purchase waits for approval (Ask to Buy).
  public var pendingMessage: String? {
    store.purchaseState.isPending ? StoreError.pendingApproval.message : nil
  }

  /// What replaces the plans while they cannot be shown: loading, or why they failed.
  public var productsMessage: String? {
    switch store.productsState {
    case .idle, .loading: "Loading plans…"
    case .loaded: nil
    case .failed(let error): error.message
    }
  }

  /// Whether a "Try Again" button for the plans makes sense: their loading failed.
  public var canRetryLoadingProducts: Bool { store.productsState.isRetryable }

  /// The title of the button that loads the plans again: "Try Again".
  public var retryButtonTitle: String { PaywallModel.retryButtonTitle }

  /// Loads the plans again after a failure, in the background.
  public func retryLoadingProducts() {
    store.retryLoadingProducts()
  }
}
