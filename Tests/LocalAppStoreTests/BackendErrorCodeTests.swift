import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The local App Store's own failures reach an app through the port as StoreKit's
/// `systemError`, with the store's error code kept (`StoreBackendError.code`), so that an app's
/// log tells a busy state from a damaged one without reading the message.
@Suite(.recordsQuietFailures) struct BackendErrorCodeTests {
  @Test("a purchase that cannot be signed is a system error with the store's code")
  func unsignable() async throws {
    let store = try LocalAppStore.sportsTime(clock: ManualClock(now: utc(1960, 1, 1)))
    let error = await backendError { try await store.buy(monthlyID) }
    #expect(error?.caseName == "systemError")
    #expect(error?.code == "systemError.signing")
    #expect(error?.reason?.hasPrefix("local App Store: ") == true)
  }

  @Test("a purchase on a state opened read-only: SQLite refuses the write, coded database")
  func readOnly() async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    let writer = try LocalAppStore.create(
      atPath: path, products: SportsTimeFixtures.products, startDate: utc(2026, 1, 1))
    try await writer.buyVerified(monthlyID)
    let reader = try LocalAppStore(openingStateAt: path, access: .readOnly)
    let error = await backendError { try await reader.buy(annualID) }
    #expect(error?.code == "systemError.database")
  }

  @Test(
    "a simulated failure keeps StoreKit's name alone as its code",
    arguments: [(Fault.purchase, "systemError"), (.network, "networkError")])
  func simulated(fault: Fault, code: String) async throws {
    let store = try LocalAppStore.sportsTime(clock: ManualClock(now: utc(2026, 1, 1)))
    try await store.inject(fault)
    #expect(await backendError { try await store.buy(monthlyID) }?.code == code)
  }

  private func backendError(_ body: () async throws -> Void) async -> StoreBackendError? {
    do {
      try await body()
      return nil
    } catch {
      return error as? StoreBackendError
    }
  }
}
