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
    value == 1 ? "per \(unitName)" : "every \(value) \(unitName)s"
  }

  /// `price` for one period: "$4.99/month", "$14.99 every 3 months".
  func priceLabel(_ price: String) -> String {
    value == 1 ? "\(price)/\(unitName)" : "\(price) every \(value) \(unitName)s"
  }

  /// How long `count` periods last: "1 week", "2 months"; with `singularWithoutOne`, a single
  /// unit is its bare name ("year", for "the first year").
  func duration(times count: Int, singularWithoutOne: Bool = false) -> String {
    let total = value * count
    if total == 1 { return singularWithoutOne ? unitName : "1 \(unitName)" }
    return "\(total) \(unitName)s"
  }

  /// The unit's name in the singular: "day", "week", "month", "year".
  private var unitName: String {
    switch unit {
    case .day: "day"
    case .week: "week"
    case .month: "month"
    case .year: "year"
    }
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
