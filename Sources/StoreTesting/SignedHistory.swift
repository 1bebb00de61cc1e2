package import Foundation
package import LocalAppStore
package import StoreModel

/// A history of real signed transactions made by a local App Store, for tests of code that
/// verifies or decodes App Store data: every transaction as a compact JWS chained to the
/// store's root.
///
/// ```swift
/// let history = try await SignedHistory.make { store, clock in
///   try await store.buy(SportsTimeFixtures.monthlyID)
///   clock.advance(by: 95 * 86_400)  // three renewals
/// }
/// // history.tokens: 4 JWS; history.rootCertificateDER verifies them
/// ```
package struct SignedHistory: Sendable {
  /// Every transaction of the purchaser, oldest first, as verified.
  package var transactions: [VerificationResult<Transaction>]
  /// The compact JWS of each transaction.
  package var tokens: [String] { transactions.map(\.jwsRepresentation) }
  /// The renewal info of each subscription, signed.
  package var renewalInfos: [String]
  /// The root certificate every token chains to (DER).
  package var rootCertificateDER: Data
  /// The store that made the history, at the end of the script.
  package var store: LocalAppStore
  /// The manual clock the store reads, where the script left it.
  package var clock: ManualClock

  /// Runs `script` on a fresh SportsTime store and collects what it made.
  package static func make(
    clock: ManualClock = ManualClock(), settings: EmulatorSettings = EmulatorSettings(),
    products: [Product] = SportsTimeFixtures.products,
    _ script: (LocalAppStore, ManualClock) async throws -> Void
  ) async throws -> SignedHistory {
    let store = try LocalAppStore.sportsTime(clock: clock, settings: settings, products: products)
    try await script(store, clock)
    var infos: [String] = []
    let groups = Set(products.compactMap { $0.subscription?.subscriptionGroupID }).sorted()
    for group in groups {
      for status in try await store.subscriptionStatuses(forGroup: group) {
        infos.append(status.renewalInfo.jwsRepresentation)
      }
    }
    return SignedHistory(
      transactions: await store.allTransactions(), renewalInfos: infos,
      rootCertificateDER: store.rootCertificateDER, store: store, clock: clock)
  }
}
