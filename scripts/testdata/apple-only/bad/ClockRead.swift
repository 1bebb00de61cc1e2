#if canImport(StoreKit)
  import StoreKit

  enum Expiry {
    static func isActive(_ transaction: Transaction) -> Bool {
      let now = Date()  // expect: clock
      return (transaction.expirationDate ?? .distantFuture) > now
    }

    static func isLapsed(_ transaction: Transaction) -> Bool {
      transaction.expirationDate.map { $0 < Date.now } ?? false  // expect: clock
    }
  }
#endif
