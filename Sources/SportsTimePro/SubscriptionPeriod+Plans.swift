import StoreModel

extension SubscriptionPeriod {
  var isOneMonth: Bool { unit == .month && value == 1 }

  /// Whether the period is one year (or twelve months).
  var isOneYear: Bool { (unit == .year && value == 1) || (unit == .month && value == 12) }

  /// The plan's short name: "Monthly", "Annual"; `nil` for other lengths.
  var planTitle: String? {
    if isOneMonth { return "Monthly" }
    if isOneYear { return "Annual" }
    if unit == .week && value == 1 { return "Weekly" }
    return nil
  }

  /// How often the price is billed: "per month", "per year", "every 3 months".
  var billingLabel: String {
    let name: String
    switch unit {
    case .day: name = "day"
    case .week: name = "week"
    case .month: name = "month"
    case .year: name = "year"
    }
    return value == 1 ? "per \(name)" : "every \(value) \(name)s"
  }
}

extension Product {
  /// The plan's name on a paywall: "Monthly", "Annual", else the product's display name.
  var planTitle: String {
    subscription?.subscriptionPeriod.planTitle ?? displayName
  }

  /// The per-month price as a paywall shows it under the billed price: "$4.17/month".
  var perMonthLabel: String? {
    displayPricePerMonth.map { "\($0)/month" }
  }
}
