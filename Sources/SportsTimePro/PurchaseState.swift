/// Where a purchase stands, for the subscribe button and the pending line.
public enum PurchaseState: Sendable, Hashable {
  /// No purchase is running or waiting.
  case idle
  /// A purchase of `productID` is running: the button shows a spinner.
  case purchasing(productID: String)
  /// A purchase of `productID` waits for approval (Ask to Buy) or authentication; the
  /// transaction arrives later through the listener, if at all. Buying again stays possible.
  case pending(productID: String)

  /// Whether a purchase is running.
  public var isPurchasing: Bool {
    if case .purchasing = self { return true }
    return false
  }

  /// Whether a purchase waits for approval.
  public var isPending: Bool {
    if case .pending = self { return true }
    return false
  }
}
