#if canImport(StoreKit)
  import StoreKit

  enum PlanBadges {
    static func isAnnual(_ product: Product) -> Bool {
      product.id.contains("annual")  // expect: identifier
    }

    static func isMonthly(_ productID: String) -> Bool {
      productID.lowercased().hasSuffix("monthly")  // expect: identifier
    }

    static func isPro(_ product: Product) -> Bool {
      product.id == "com.sportstime.pro.annual"  // expect: spelling
    }
  }
#endif
