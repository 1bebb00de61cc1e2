extension Catalog {
  /// A subscription group: auto-renewable subscriptions of which a customer holds one at a
  /// time, ranked by service level.
  ///
  /// Level 1 is the highest. Moving to a higher level is an upgrade (at once), to a lower one a
  /// downgrade (at the next renewal); equal levels are crossgrades.
  package struct SubscriptionGroup: Sendable, Hashable, Identifiable {
    /// The group's `id` in the file: its products' `subscriptionGroupID`.
    package let id: String
    /// The group's reference name (`name`): "Pro Access".
    package let name: String
    /// The localized display name for the catalog's locale, else ``name``.
    package let displayName: String
    /// The group's localizations, in file order.
    package let localizations: [Localization]
    /// The subscriptions, highest level (1) first; file order within a level.
    package let products: [Product]

    /// Creates a group; `products` are ordered by level.
    package init(
      id: String, name: String, displayName: String, localizations: [Localization],
      products: [Product]
    ) {
      self.id = id
      self.name = name
      self.displayName = displayName
      self.localizations = localizations
      self.products = products.enumerated()
        .sorted { lhs, rhs in
          let left = lhs.element.subscription?.groupLevel ?? Int.max
          let right = rhs.element.subscription?.groupLevel ?? Int.max
          return left != right ? left < right : lhs.offset < rhs.offset
        }
        .map(\.element)
    }

    /// The distinct levels in use, highest (1) first.
    package var levels: [Int] {
      var seen: [Int] = []
      for product in products {
        if let level = product.subscription?.groupLevel, seen.last != level { seen.append(level) }
      }
      return seen
    }

    /// The subscriptions at `level`, in file order.
    package func products(atLevel level: Int) -> [Product] {
      products.filter { $0.subscription?.groupLevel == level }
    }

    /// The level of the subscription `productID`, or `nil` when it is not in this group.
    package func level(of productID: String) -> Int? {
      products.first { $0.id == productID }?.subscription?.groupLevel
    }
  }
}
