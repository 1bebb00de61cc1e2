import Foundation
import LocalAppStore
import StoreModel
import Testing

/// The controls part alone, built without a store: the settings and their defaults, the one
/// question every StoreKit call asks about injected failures, interrupted purchases.
@Suite struct ControlsTests {
  /// Controls over a new in-memory ledger that began with `defaults`.
  func controls(_ defaults: Controls.DefaultState = .init(settings: EmulatorSettings()))
    throws -> Controls
  {
    let controls = Controls(ledger: try LedgerStore(path: ":memory:", access: .create))
    try controls.start(with: defaults)
    return controls
  }

  @Test("a reset goes back to the defaults: settings, sticky faults, no simulated error")
  func reset() throws {
    let controls = try controls(
      .init(settings: EmulatorSettings(askToBuyEnabled: true), faults: [.loadProducts]))
    try controls.changeSettings { $0.askToBuyEnabled = false }
    try controls.changeSettings { $0.storefront = "JPN" }
    try controls.clearFaults()
    try controls.inject(.network, sticky: true)
    try controls.setSimulatedError(.systemError("down"), forAPI: .purchase)
    let settings = try controls.resetToDefaults()
    #expect(settings.askToBuyEnabled)
    #expect(try controls.settings().storefront == EmulatorSettings().storefront)
    #expect(try controls.armedFaults() == [.loadProducts: true])
    #expect(try controls.simulatedError(for: .purchase) == nil)
  }

  @Test("a simulated error fails every call of its API, before any fault")
  func simulatedFirst() throws {
    let controls = try controls()
    try controls.inject(.purchase, sticky: false)
    try controls.setSimulatedError(.notAvailableInStorefront("not here"), forAPI: .purchase)
    for _ in 0..<2 {
      guard case .notAvailableInStorefront? = try controls.failure(of: .purchase) else {
        Issue.record("the simulated error did not fail the purchase")
        return
      }
    }
    // The one-shot fault waited behind it.
    #expect(try controls.armedFaults() == [.purchase: false])
    try controls.setSimulatedError(nil, forAPI: .purchase)
    guard case .systemError? = try controls.failure(of: .purchase) else {
      Issue.record("the armed fault did not fail the purchase")
      return
    }
    #expect(try controls.failure(of: .purchase) == nil)
  }

  @Test("a simulated error can be one-shot, as a fault can: it fails the next call only")
  func simulatedOnce() throws {
    let controls = try controls()
    try controls.setSimulatedError(.networkError("down"), forAPI: .appStoreSync, sticky: false)
    #expect(try controls.simulatedError(for: .appStoreSync) != nil)
    guard case .networkError? = try controls.failure(of: .appStoreSync) else {
      Issue.record("the one-shot simulated error did not fail the sync")
      return
    }
    #expect(try controls.failure(of: .appStoreSync) == nil)
    #expect(try controls.simulatedError(for: .appStoreSync) == nil)
  }

  @Test("the Server API's faults are failures of the same table: once, or every request")
  func serverFaults() throws {
    let controls = try controls()
    try controls.setServerFault("getTransactionInfo", sticky: false)
    try controls.setServerFault("getAllSubscriptionStatuses", sticky: true)
    #expect(
      try controls.serverFaults() == [
        "getTransactionInfo": false, "getAllSubscriptionStatuses": true,
      ])
    #expect(try controls.takeServerFault("getTransactionInfo"))
    #expect(try !controls.takeServerFault("getTransactionInfo"))
    #expect(try controls.takeServerFault("getAllSubscriptionStatuses"))
    #expect(try controls.takeServerFault("getAllSubscriptionStatuses"))
    // Clearing the StoreKit faults leaves the server's.
    try controls.clearFaults()
    try controls.setServerFault("getAllSubscriptionStatuses", sticky: nil)
    #expect(try controls.serverFaults().isEmpty)
  }

  @Test("a one-shot fault fails one call; a sticky one every call; network fails any API")
  func faults() throws {
    let controls = try controls()
    try controls.inject(.network, sticky: false)
    guard case .networkError? = try controls.failure(of: .subscriptionStatus) else {
      Issue.record("network did not fail the status")
      return
    }
    #expect(try controls.failure(of: .loadProducts) == nil)
    try controls.inject(.userCancel, sticky: true)
    // A cancel is a purchase's only.
    #expect(try controls.failure(of: .appStoreSync) == nil)
    for _ in 0..<3 {
      guard case .userCancelled? = try controls.failure(of: .purchase) else {
        Issue.record("the sticky cancel did not hold")
        return
      }
    }
    // The offer-code sheet takes simulated errors only.
    try controls.inject(.network, sticky: true)
    #expect(try controls.failure(of: .offerCodeRedeem) == nil)
  }

  @Test("an API the store does not serve takes no simulated error, and nothing changes")
  func unservedAPI() throws {
    let controls = try controls()
    #expect(throws: LocalAppStoreError.self) {
      try controls.setSimulatedError(.systemError("x"), forAPI: .manageSubscriptions)
    }
    #expect(try controls.simulatedError(for: .manageSubscriptions) == nil)
  }

  @Test("an interrupted purchase waits until finished; an Ask to Buy request is not one")
  func interrupted() throws {
    let ledger = try LedgerStore(path: ":memory:", access: .create)
    let controls = Controls(ledger: ledger)
    try controls.start(with: .init(settings: EmulatorSettings()))
    for id: UInt64 in [7, 8] {
      try ledger.insert(
        AskToBuyRequest(
          id: id, account: "alex", productID: "com.sportstime.pro.monthly",
          requestDate: Date(timeIntervalSince1970: 0), status: .pending),
        options: PurchaseTerms().encoded)
    }
    try controls.markInterrupted(7)
    #expect(try controls.isInterrupted(7))
    #expect(try !controls.isInterrupted(8))
    #expect(try controls.waitingRequests().map(\.isInterrupted) == [true, false])
    try controls.finishInterrupted(7)
    #expect(try !controls.isInterrupted(7))
  }

  @Test(
    "a locale identifier names a locale: its form, and ISO's language, script and region",
    arguments: [
      ("en_US", true), ("ja-JP", true), ("fr", true), ("zh_Hant_TW", true), ("e", false),
      ("english", false), ("en__US", false), ("en_US!", false), ("", false),
      ("xx", false), ("xx_YY", false), ("en_XY", false), ("zh_Abcd_TW", false), ("es_419", true),
    ])
  func localeForm(identifier: String, valid: Bool) {
    #expect(Controls.isLocaleIdentifier(identifier) == valid)
  }
}
