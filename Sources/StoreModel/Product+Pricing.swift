public import Foundation

extension SubscriptionPeriod {
  /// How many of these periods fit in a year: 52 weeks, 12 months, 365 days.
  package var periodsPerYear: Decimal {
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
  /// are not subscriptions.
  ///
  /// Computed from ``price`` and the subscription period — a year is 12 months, 52 weeks or 365
  /// days — never from the product's identifier.
  public var pricePerMonth: Decimal? {
    guard let period = subscription?.subscriptionPeriod else { return nil }
    return price * period.periodsPerYear / 12
  }

  /// ``pricePerMonth`` formatted like ``displayPrice``: "$4.17", "4,17 €", "¥417".
  public var displayPricePerMonth: String? {
    pricePerMonth.map(formattedPrice)
  }

  /// `amount` formatted in this product's currency and locale, rounded half away from zero to
  /// the currency's minor unit (4.165 is "$4.17"; yen have no decimals).
  public func formattedPrice(_ amount: Decimal) -> String {
    Storefront.format(amount, currencyCode: currencyCode, locale: locale)
  }

  /// How much less this subscription costs per month than `other`, as a whole percentage
  /// rounded as a person would (half up): 49.99 a year against 4.99 a month saves 16.5…%,
  /// so 17.
  ///
  /// Both must be plans of the same subscription group, in the same currency; `nil` otherwise,
  /// and when this one saves nothing (or less than half a percent).
  public func savingsPercent(comparedTo other: Product) -> Int? {
    guard currencyCode == other.currencyCode,
      let mine = subscription, let theirs = other.subscription,
      mine.subscriptionGroupID == theirs.subscriptionGroupID,
      let myMonth = pricePerMonth, let theirMonth = other.pricePerMonth, theirMonth > 0
    else { return nil }
    var fraction = (1 - myMonth / theirMonth) * 100
    var rounded = Decimal()
    NSDecimalRound(&rounded, &fraction, 0, .plain)
    let percent = NSDecimalNumber(decimal: rounded).intValue
    return percent > 0 ? percent : nil
  }
}
