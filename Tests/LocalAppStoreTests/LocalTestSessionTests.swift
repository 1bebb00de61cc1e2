import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// `LocalTestSession`: an `SKTestSession` test ported member by member.
@Suite(.hangGuard, .recordsQuietFailures) struct LocalTestSessionTests {
  @Test("the settings read back what was set, under SKTestSession's names")
  func settings() async throws {
    let session = try LocalTestSession()
    #expect(try await session.isOn(.askToBuy) == false)
    try await session.set(.askToBuy, true)
    try await session.set(.gracePeriod, true)
    try await session.set(.billingIssues, true)
    try await session.set(.interruptedPurchases, true)
    try await session.setTimeRate(.oneRenewalEveryMinute)
    try await session.setStorefront("GBR")
    #expect(try await session.isOn(.askToBuy))
    #expect(try await session.isOn(.gracePeriod))
    #expect(try await session.isOn(.billingIssues))
    #expect(try await session.isOn(.interruptedPurchases))
    #expect(try await session.timeRate == .oneRenewalEveryMinute)
    #expect(try await session.storefront == "GBR")
    try await session.resetToDefaultState()
    #expect(try await session.isOn(.askToBuy) == false)
    #expect(try await session.timeRate == .realTime)
  }

  @Test("SKTestSession(contentsOf:): a session from a .storekit file sells its products")
  func fromFile() async throws {
    // The app's file with its annual plan renamed: the session sells what the file says.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("Renamed.storekit")
    let text = try String(contentsOf: PackageFolders.bundledStoreKitFile, encoding: .utf8)
    try Data(
      text.replacingOccurrences(of: SportsTimeFixtures.annualID, with: "com.example.yearly").utf8
    )
    .write(to: file)
    let session = try LocalTestSession(contentsOf: file)
    let ids = Set(session.store.allProducts.map(\.id))
    #expect(ids == [SportsTimeFixtures.monthlyID, "com.example.yearly"])
    let bought = try await session.buyProduct(identifier: "com.example.yearly")
    #expect(try await session.allTransactions().map(\.id) == [bought.id])
  }

  @Test("a .storekit file that does not decode is refused with a CatalogError naming where")
  func fromMalformedFile() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let file = folder.url.appendingPathComponent("Broken.storekit")
    try Data(#"{"products": []}"#.utf8).write(to: file)
    #expect {
      try LocalTestSession(contentsOf: file)
    } throws: { error in
      guard let error = error as? CatalogError else { return false }
      return error.code == .missingKey && error.keyPath == "version"
    }
  }

  @Test("a ported subscription test: buy outside the app, renew, turn auto-renew off, expire")
  func subscriptionLifecycle() async throws {
    let clock = ManualClock()
    let session = try LocalTestSession(clock: clock)
    let bought = try await session.buyProduct(identifier: SportsTimeFixtures.monthlyID)
    clock.advance(by: 5 * day)
    let renewal = try await session.forceRenewalOfSubscription(
      productIdentifier: SportsTimeFixtures.monthlyID)
    #expect(renewal.originalID == bought.id)
    try await session.disableAutoRenewForTransaction(identifier: renewal.id)
    #expect(try await session.store.renewalInfos().first?.willAutoRenew == false)
    try await session.enableAutoRenewForTransaction(identifier: bought.id)
    #expect(try await session.store.renewalInfos().first?.willAutoRenew == true)
    try await session.expireSubscription(productIdentifier: SportsTimeFixtures.monthlyID)
    #expect(await session.store.currentEntitlements().isEmpty)
    #expect(try await session.allTransactions().count == 2)
    try await session.deleteTransaction(identifier: renewal.id)
    #expect(try await session.allTransactions().map(\.id) == [bought.id])
    try await session.clearTransactions()
    #expect(try await session.allTransactions().isEmpty)
  }

  @Test("billing retry resolved, Ask to Buy approved, an interrupted purchase resolved")
  func issues() async throws {
    let clock = ManualClock()
    let session = try LocalTestSession(clock: clock)
    try await session.set(.billingIssues, true)
    let bought = try await session.buyProduct(identifier: SportsTimeFixtures.monthlyID)
    clock.set(to: utc(2026, 2, 2))
    try await session.set(.billingIssues, false)
    #expect(try await session.resolveIssueForTransaction(identifier: bought.id) != nil)
    try await session.refundTransaction(identifier: bought.id)

    try await session.set(.askToBuy, true)
    #expect(try await session.store.buy(SportsTimeFixtures.annualID) == .pending)
    let request = try #require(try await session.pendingAskToBuyIdentifiers().last)
    #expect(try await session.store.askToBuyRequests().map(\.id) == [request])
    try await session.declineAskToBuyTransaction(identifier: request)
    #expect(try await session.pendingAskToBuyIdentifiers().isEmpty)
    try await session.set(.askToBuy, false)
    try await session.set(.interruptedPurchases, true)
    #expect(try await session.store.buy(SportsTimeFixtures.annualID) == .pending)
    let interrupted = try #require(try await session.pendingAskToBuyIdentifiers().last)
    let made = try await session.resolveIssueForTransaction(identifier: interrupted)
    #expect(made?.productID == SportsTimeFixtures.annualID)
  }

  /// `setSimulatedError(_:forAPI:)` with the error chosen: each API fails with it, nil clears.
  @Test(
    "setSimulatedError fails the API with the error chosen until cleared",
    arguments: StoreBackendError.caseNames)
  func simulatedError(name: String) async throws {
    let session = try LocalTestSession()
    let error = try #require(StoreBackendError(caseName: name, reason: "chosen"))
    try await session.setSimulatedError(error, forAPI: .purchase)
    #expect(try await session.simulatedError(forAPI: .purchase) == error)
    do {
      let result = try await session.store.buy(SportsTimeFixtures.monthlyID)
      #expect(name == "userCancelled" && result == .userCancelled)
    } catch {
      #expect(error == (try #require(StoreBackendError(caseName: name, reason: "chosen"))))
    }
    try await session.setSimulatedError(.notAvailableInStorefront("chosen"), forAPI: .loadProducts)
    await #expect(throws: StoreBackendError.notAvailableInStorefront("chosen")) {
      try await session.store.products(for: [SportsTimeFixtures.monthlyID])
    }
    try await session.setSimulatedError(nil, forAPI: .purchase)
    try await session.setSimulatedError(nil, forAPI: .loadProducts)
    #expect(
      try verified(try await session.store.buy(SportsTimeFixtures.monthlyID)).productID
        == SportsTimeFixtures.monthlyID)
  }

  @Test("sync and subscription status fail with the error chosen; the sheets are refused")
  func simulatedErrorOtherAPIs() async throws {
    let session = try LocalTestSession()
    try await session.setSimulatedError(.networkError("offline"), forAPI: .appStoreSync)
    try await session.setSimulatedError(.unknown, forAPI: .subscriptionStatus)
    await #expect(throws: StoreBackendError.networkError("offline")) {
      try await session.store.sync()
    }
    await #expect(throws: StoreBackendError.unknown) {
      try await session.store.subscriptionStatuses(forGroup: SportsTimeFixtures.groupID)
    }
    await #expect(throws: LocalAppStoreError.self) {
      try await session.setSimulatedError(.unknown, forAPI: .manageSubscriptions)
    }
    try await session.setSimulatedError(.unknown, forAPI: .verification)
    guard case .success(let signed) = try await session.store.buy(SportsTimeFixtures.monthlyID)
    else {
      Issue.record("the purchase did not go through")
      return
    }
    #expect(signed.verificationError?.code == .invalidChain)
    try await session.setSimulatedError(nil, forAPI: .verification)
    #expect(await session.store.currentEntitlements().allSatisfy(\.isVerified))
  }
}

/// StoreKitTest's purchase option `purchaseDate(_:renewalBehavior:)` on `buyProduct`.
@Suite(.recordsQuietFailures) struct PurchaseDateOptionTests {
  /// `Product.PurchaseOption.SubscriptionRenewalBehavior.renewUntilNow`: "If you set the
  /// purchase date […] to the past, the testing environment generates transactions for all the
  /// subscription renewals up to the current date."
  @Test("a purchase in the past renews up to now, each renewal delivered")
  func renewUntilNow() async throws {
    let clock = ManualClock()
    clock.set(to: utc(2026, 6, 15))
    let session = try LocalTestSession(clock: clock)
    let bought = try await session.buyProduct(
      identifier: SportsTimeFixtures.monthlyID, purchaseDate: utc(2026, 1, 1))
    #expect(bought.purchaseDate == utc(2026, 1, 1))
    let history = try await session.allTransactions()
    #expect(history.count == 6)
    #expect(history.last?.purchaseDate == utc(2026, 6, 1))
    #expect(history.last?.expirationDate == utc(2026, 7, 1))
    #expect(history.dropFirst().allSatisfy { $0.reason == .renewal && $0.originalID == bought.id })
    #expect(try await session.store.proState() == .subscribed)
  }

  /// `cancelImmediately`: "cancels the subscription, resulting in only one subscription period."
  @Test("cancelImmediately: one period, auto-renew off, expired by now")
  func cancelImmediately() async throws {
    let clock = ManualClock()
    clock.set(to: utc(2026, 6, 15))
    let session = try LocalTestSession(clock: clock)
    try await session.buyProduct(
      identifier: SportsTimeFixtures.monthlyID, purchaseDate: utc(2026, 1, 1),
      renewalBehavior: .cancelImmediately)
    #expect(try await session.allTransactions().count == 1)
    let info = try #require(try await session.store.renewalInfos().first)
    #expect(info.willAutoRenew == false)
    #expect(try await session.store.proState() == .expired)
  }

  /// The option's page: "Specify a date in the past or the current moment. Dates in the future
  /// aren't valid." Too far back for one operation (1,000 periods, ours) is refused too, and
  /// nothing is bought either way.
  @Test(
    "a purchase date in the future, or too far back, is refused and buys nothing",
    arguments: [
      // A day in the future; a day back at two-second renewals: 43,200 renewals.
      utc(2026, 6, 16), utc(2026, 6, 14),
    ])
  func refusedDates(date: Date) async throws {
    let clock = ManualClock()
    clock.set(to: utc(2026, 6, 15))
    var settings = EmulatorSettings.polite
    settings.timeRate = .oneRenewalEveryTwoSeconds
    let session = try LocalTestSession(clock: clock, settings: settings)
    let error = await #expect(throws: LocalAppStoreError.self) {
      try await session.buyProduct(identifier: SportsTimeFixtures.monthlyID, purchaseDate: date)
    }
    #expect(error?.code == .invalidArgument)
    #expect(try await session.allTransactions().isEmpty)
  }

  /// Ours: the Sandbox's 12 renewals ("renew up to 12 times after the initial purchase") stop a
  /// history made with a purchase date too, as they stop any subscription there.
  @Test("in the Sandbox a purchase in the past stops after its 12 renewals")
  func sandboxCap() async throws {
    let clock = ManualClock()
    clock.set(to: utc(2028, 1, 15))
    let session = try LocalTestSession(clock: clock)
    try await session.store.setSigningEnvironment(.sandbox, appAppleID: 42)
    try await session.buyProduct(
      identifier: SportsTimeFixtures.monthlyID, purchaseDate: utc(2026, 1, 1))
    #expect(try await session.allTransactions().count == 13)
    #expect(try await session.store.proState() == .expired)
  }

  /// No StoreKit API applies an unsigned offer: a test's promotional offer is signed with the
  /// app's key and checked as any purchase's, so a customer it is not for is refused, as on a
  /// device; a win-back offer is checked likewise.
  @Test(
    "buyProduct's offers are signed and checked: refused for a new customer, applied once lapsed")
  func buyProductOffersAreChecked() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(
      clock: clock, settings: .polite, products: SportsTimeFixtures.productsWithOffers)
    let session = LocalTestSession(store: store)
    await #expect(throws: LocalAppStoreError.self) {
      try await session.buyProduct(
        identifier: monthlyID, options: [.promotionalOffer(id: "LOYALTY")])
    }
    await #expect(throws: LocalAppStoreError.self) {
      try await session.buyProduct(identifier: monthlyID, options: [.winBackOffer(id: "WINBACK50")])
    }
    #expect(try await store.history().isEmpty)
    try await store.buyVerified(monthlyID)
    try await store.setWillAutoRenew(false)
    clock.advance(by: 40 * day)
    let winBack = try await session.buyProduct(
      identifier: monthlyID, options: [.winBackOffer(id: "WINBACK50")])
    #expect(winBack.offerType == .winBack)
    try await store.setWillAutoRenew(false)
    clock.advance(by: 400 * day)
    let promotional = try await session.buyProduct(
      identifier: monthlyID, options: [.promotionalOffer(id: "LOYALTY")])
    #expect(promotional.offerID == "LOYALTY")
  }
}
