import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct FaultTests {
  @Test(
    "each fault fails its operation once, then the store works again",
    arguments: [
      (Fault.loadProducts, "products", "systemError"), (.network, "products", "networkError"),
      (.purchase, "purchase", "systemError"), (.network, "purchase", "networkError"),
      (.network, "sync", "networkError"), (.network, "statuses", "networkError"),
      (.sync, "sync", "systemError"), (.subscriptionStatus, "statuses", "systemError"),
    ])
  func oneShot(fault: Fault, operation: String, expected: String) async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.inject(fault)
    let run: () async throws -> Void = {
      switch operation {
      case "products": _ = try await store.products(for: [monthlyID])
      case "purchase": try await store.buy(monthlyID)
      case "sync": try await store.sync()
      default: _ = try await store.subscriptionStatuses(forGroup: groupID)
      }
    }
    #expect(await backendErrorKind(run) == expected)
    #expect(await backendErrorKind(run) == nil)
  }

  @Test("a sticky fault fails every time until cleared")
  func sticky() async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.inject(.loadProducts, sticky: true)
    for _ in 0..<3 {
      #expect(
        await backendErrorKind { _ = try await store.products(for: [monthlyID]) } == "systemError")
    }
    #expect(try await store.status().faults == ["load-products": true])
    try await store.clearFaults()
    #expect(try await store.products(for: [monthlyID]).count == 1)
  }

  @Test("a user-cancel fault makes the purchase return userCancelled and buys nothing")
  func userCancel() async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.inject(.userCancel)
    #expect(try await store.buy(monthlyID) == .userCancelled)
    #expect(try await store.history().isEmpty)
  }

  /// "Cancellation arrives two ways — as PurchaseResult.userCancelled and as a thrown
  /// StoreKitError.userCancelled" (Kosikowski/swift-storekit, D10): the sheet dismissed is the
  /// result; a simulated `userCancelled` is thrown, as `setSimulatedError(_:forAPI:)` throws
  /// the API's `Failure`. Before, the simulated one was returned too (watched: this test fails
  /// there).
  @Test("a simulated userCancelled is thrown; the dismissed sheet is the result")
  func cancellationTwoWays() async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.setSimulatedError(.userCancelled, forAPI: .purchase, sticky: false)
    await #expect(throws: StoreBackendError.userCancelled) { try await store.buy(monthlyID) }
    try await store.inject(.userCancel)
    #expect(try await store.buy(monthlyID) == .userCancelled)
    #expect(try await store.history().isEmpty)
  }

  @Test(
    "an API's fault fails that API only",
    arguments: [Fault.loadProducts, .purchase, .sync, .subscriptionStatus])
  func scoped(fault: Fault) async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.inject(fault, sticky: true)
    let failing = [
      "products": await backendErrorKind { _ = try await store.products(for: [monthlyID]) },
      "purchase": await backendErrorKind { try await store.buy(monthlyID) },
      "sync": await backendErrorKind { try await store.sync() },
      "statuses": await backendErrorKind {
        _ = try await store.subscriptionStatuses(forGroup: groupID)
      },
    ].filter { $0.value != nil }.keys.sorted()
    let expected: [Fault: String] = [
      .loadProducts: "products", .purchase: "purchase", .sync: "sync",
      .subscriptionStatus: "statuses",
    ]
    #expect(failing == [expected[fault]])
  }

  @Test("a verification fault signs with another certificate authority, which the verifier rejects")
  func wrongKey() async throws {
    let store = try LocalAppStore.sportsTime()
    try await store.inject(.verification)
    let result = try await store.buy(monthlyID)
    guard case .success(let verification) = result else {
      Issue.record("expected success, got \(result)")
      return
    }
    let error = try #require(verification.verificationError)
    #expect(error.code == .invalidChain)
    // The token itself fails an independent verifier trusting the store's root.
    let root = try Certificate(derEncoded: store.rootCertificateDER)
    let verifier = try SignedDataVerifier(
      rootCertificates: [root], bundleID: "com.sportstime.app", environment: .xcode)
    #expect(try verifier.verifyTransaction(verification.jwsRepresentation).isVerified == false)
    // One-shot: the same transaction verifies the next time it is signed.
    #expect(await store.currentEntitlements().allSatisfy { $0.isVerified })
    #expect(await store.currentEntitlements().count == 1)
  }

  @Test("a tamper fault alters a signed payload, so the signature no longer matches")
  func tampered() async throws {
    let store = try LocalAppStore.sportsTime(settings: .polite)
    try await store.buyVerified(monthlyID)
    try await store.inject(.tamper)
    let entitlement = try #require(await store.currentEntitlements().first)
    #expect(entitlement.verificationError?.code == .invalidSignature)
    #expect(await store.entitledProductIDs() == [monthlyID])
  }

  @Test("every token verifies with an independent verifier configured with the store's root")
  func independentVerification() async throws {
    let history = try await SignedHistory.make { store, clock in
      try await store.buy(SportsTimeFixtures.monthlyID)
      clock.advance(by: 70 * 86_400)
    }
    let root = try Certificate(derEncoded: history.rootCertificateDER)
    let verifier = try SignedDataVerifier(
      rootCertificates: [root], bundleID: "com.sportstime.app", environment: .xcode)
    #expect(history.tokens.count == 3)
    for token in history.tokens {
      #expect(try verifier.verifyTransaction(token).isVerified)
    }
    for token in history.renewalInfos {
      #expect(try verifier.verifyRenewalInfo(token).isVerified)
    }
    let apple = try SignedDataVerifier(bundleID: "com.sportstime.app", environment: .localTesting)
    #expect(try apple.verifyTransaction(history.tokens[0]).isVerified == false)
  }

  @Test("a store's signer signs any transaction with the store's chain")
  func signerOfTheStore() throws {
    let store = try LocalAppStore.sportsTime()
    let transaction = Transaction(
      id: 7, originalID: 7, appBundleID: "com.sportstime.app", productID: monthlyID,
      productType: .autoRenewable, purchaseDate: utc(2026, 1, 1), signedDate: utc(2026, 1, 1),
      expirationDate: utc(2026, 2, 1), environment: .localTesting)
    let token = try store.signer.sign(transaction)
    let verifier = try SignedDataVerifier(
      rootCertificates: [try Certificate(derEncoded: store.rootCertificateDER)],
      bundleID: "com.sportstime.app", environment: .localTesting)
    let result = try verifier.verifyTransaction(token)
    #expect(result.isVerified)
    #expect(result.unsafePayloadValue.expirationDate == utc(2026, 2, 1))
  }
}
