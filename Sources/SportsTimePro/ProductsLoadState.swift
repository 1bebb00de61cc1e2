public import StoreModel

/// Where the loading of the products stands.
///
/// Loading needs the network; a failure is a state the paywall shows with a retry button, never
/// a blocked app: Pro is decided from the local entitlements without the products.
public enum ProductsLoadState: Sendable, Hashable {
  /// Not asked for yet.
  case idle
  /// On the way.
  case loading
  /// Loaded; ``StoreManager/products`` holds them.
  case loaded
  /// Failed with `error`; ``StoreManager/retryLoadingProducts()`` tries again.
  case failed(StoreError)

  /// Whether a retry makes sense: after a failure.
  public var isRetryable: Bool {
    if case .failed = self { return true }
    return false
  }
}
