extension ProductType {
  /// A subscription suite (Xcode 27's `SubscriptionSuite`, iOS 27's
  /// `Product.ProductType.subscriptionSuite`).
  ///
  /// The App Store's JSON value for suites is not known yet; this raw value follows the style of
  /// the others.
  package static let subscriptionSuite = ProductType(rawValue: "Subscription Suite")

  /// The type a `.storekit` file names `type` (`Consumable`, `NonConsumable`,
  /// `NonRenewingSubscription`, `RecurringSubscription`, `SubscriptionSuite`); `nil` for
  /// anything else.
  package init?(storeKitConfigurationType type: String) {
    switch type {
    case "Consumable": self = .consumable
    case "NonConsumable": self = .nonConsumable
    case "NonRenewingSubscription": self = .nonRenewable
    case "RecurringSubscription": self = .autoRenewable
    case "SubscriptionSuite": self = .subscriptionSuite
    default: return nil
    }
  }

  /// The name a `.storekit` file gives this type (`RecurringSubscription`), or the raw value
  /// for a type the format does not have.
  package var storeKitConfigurationType: String {
    switch self {
    case .consumable: "Consumable"
    case .nonConsumable: "NonConsumable"
    case .nonRenewable: "NonRenewingSubscription"
    case .autoRenewable: "RecurringSubscription"
    case .subscriptionSuite: "SubscriptionSuite"
    default: rawValue
    }
  }
}
