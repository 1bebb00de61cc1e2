import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import Testing

let day: TimeInterval = 86_400
let monthlyID = SportsTimeFixtures.monthlyID
let annualID = SportsTimeFixtures.annualID
let groupID = SportsTimeFixtures.groupID

/// 2026-01-01T00:00:00Z plus `days`.
func date(days: Double) -> Date {
  Date(timeIntervalSince1970: 1_767_225_600 + days * day)
}

/// A UTC date.
func utc(_ year: Int, _ month: Int, _ dayOfMonth: Int) -> Date {
  var calendar = Calendar(identifier: .gregorian)
  calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
  return calendar.date(from: DateComponents(year: year, month: month, day: dayOfMonth))
    ?? .distantPast
}

/// A product of another type, for tests of every product type.
func product(
  _ id: String, _ type: ProductType, price: String = "0.99", shareable: Bool = false,
  group: String? = nil, level: Int = 1, period: SubscriptionPeriod = .monthly,
  intro: SubscriptionOffer? = nil
) -> Product {
  Product(
    id: id, type: type, displayName: id, description: "", price: Decimal(string: price) ?? 0,
    displayPrice: "$\(price)", currencyCode: "USD", locale: Locale(identifier: "en_US"),
    isFamilyShareable: shareable,
    subscription: group.map {
      Product.SubscriptionInfo(
        subscriptionGroupID: $0, groupDisplayName: $0, groupLevel: level,
        subscriptionPeriod: period, introductoryOffer: intro)
    })
}

/// The verified transaction of a successful purchase.
func verified(
  _ result: PurchaseResult, sourceLocation: SourceLocation = #_sourceLocation
) throws -> Transaction {
  guard case .success(.verified(let transaction)) = result else {
    Issue.record("expected a verified purchase, got \(result)", sourceLocation: sourceLocation)
    throw CancellationError()
  }
  return transaction
}

/// Reads the next `count` elements of an update stream.
func next(
  _ count: Int, of iterator: inout AsyncStream<VerificationResult<Transaction>>.Iterator
) async -> [VerificationResult<Transaction>] {
  var results: [VerificationResult<Transaction>] = []
  for _ in 0..<count {
    guard let element = await iterator.next() else { break }
    results.append(element)
  }
  return results
}

extension LocalAppStore {
  /// The products of the store's account's entitlements, verified ones only.
  func entitledProductIDs() async -> [String] {
    await currentEntitlements().compactMap { try? $0.payloadValue.productID }
  }

  /// The state of the SportsTime group's first status.
  func proState() async throws -> RenewalState? {
    try await subscriptionStatuses(forGroup: SportsTimeFixtures.groupID).first?.state
  }
}

extension StoreBackendError {
  /// The case's name, to compare errors regardless of their reason.
  var kind: String { caseName }
}

/// The kind of StoreBackendError `body` throws, or `nil` when it does not throw.
func backendErrorKind(_ body: () async throws -> Void) async -> String? {
  do {
    try await body()
    return nil
  } catch {
    return (error as? StoreBackendError)?.kind ?? "\(error)"
  }
}
