public import Foundation

extension SubscriptionPeriod {
  /// How many of these periods fit in a year: 52 weeks, 12 months, 365 days.
  public var periodsPerYear: Decimal {
    switch unit {
    case .day: Decimal(365) / Decimal(value)
    case .week: Decimal(52) / Decimal(value)
    case .month: Decimal(12) / Decimal(value)
    case .year: Decimal(1) / Decimal(value)
    }
  }
}

extension Product {
  /// The price of one month of a subscription: annual 49.99 is 4.1658…; `nil` for products that
  /// are not auto-renewable subscriptions.
  ///
  /// Computed from ``price`` and the subscription period, never from the product's identifier.
  public var pricePerMonth: Decimal? {
    guard let period = subscription?.subscriptionPeriod else { return nil }
    return price * period.periodsPerYear / 12
  }

  /// ``pricePerMonth`` formatted like ``displayPrice``: "$4.17".
  public var displayPricePerMonth: String? {
    pricePerMonth.map(formattedPrice)
  }

  /// `amount` formatted in this product's currency and locale.
  public func formattedPrice(_ amount: Decimal) -> String {
    amount.formatted(.currency(code: currencyCode).locale(locale))
  }

  /// How much cheaper this subscription is per month than `other`, as a whole percentage
  /// rounded to the nearest (49.99 a year against 4.99 a month saves 17%).
  ///
  /// `nil` when either is not a subscription, the currencies differ, or this one saves nothing.
  public func savingsPercent(comparedTo other: Product) -> Int? {
    guard currencyCode == other.currencyCode,
      let mine = pricePerMonth, let theirs = other.pricePerMonth, theirs > 0
    else { return nil }
    var fraction = (1 - mine / theirs) * 100
    var rounded = Decimal()
    NSDecimalRound(&rounded, &fraction, 0, .plain)
    let percent = NSDecimalNumber(decimal: rounded).intValue
    return percent > 0 ? percent : nil
  }
}
