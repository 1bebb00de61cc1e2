package import StoreModel

/// The plan a screen has selected: the customer's choice while it is loaded, else the annual
/// plan (the paywall selects Annual to start with and the onboarding shows it first, as the best
/// value: <doc:ThePlan>, parts 6 and 8), else the
/// longest of the plans the screen offers — never a plan the screen does not show, so that
/// "Subscribe" buys what is highlighted. One rule for every screen that sells.
package struct PlanSelection {
  private var chosenProductID: String?

  /// Nothing chosen yet: the fallback rule selects.
  package init() {}

  /// The selected plan among `offered` (the products the screen shows).
  package func selectedProductID(offered: [Product]) -> String? {
    if let chosenProductID, offered.contains(where: { $0.id == chosenProductID }) {
      return chosenProductID
    }
    let periods = offered.compactMap { product in
      product.subscription.map { (product.id, $0.subscriptionPeriod) }
    }
    if let annual = periods.first(where: { $0.1.isOneYear }) { return annual.0 }
    return periods.min { $0.1.periodsPerYear < $1.1.periodsPerYear }?.0
  }

  /// Chooses `productID` on `store`'s screen; records the choice once. Does nothing for a
  /// product that is not loaded.
  @MainActor
  mutating func select(_ productID: String, on store: StoreManager) {
    guard store.product(id: productID) != nil, productID != chosenProductID else { return }
    chosenProductID = productID
    store.record(.planSelected(productID: productID))
  }
}
