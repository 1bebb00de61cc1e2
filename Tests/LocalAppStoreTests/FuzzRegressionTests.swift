import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Replays what the fuzz target `fuzz-state` stored in `Fuzz/regressions/state/` (see
/// `scripts/fuzz`): state files that once crashed, hung or leaked the loader or an operation
/// on what it loaded. Each must now be refused with a reason, or open and go through every
/// operation the fuzzer runs, with every verified entitlement listed in the account's status.
@Suite(.hangGuard, .recordsQuietFailures) struct FuzzRegressionTests {
  static let inputs = FuzzRegressionInput.stored("state")

  @Test(
    "a stored state file is refused with a reason, or every operation on it completes",
    arguments: inputs)
  func replay(_ input: FuzzRegressionInput) async throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("state.sqlite")
    try Data(input.bytes).write(to: URL(fileURLWithPath: path))
    let store: LocalAppStore
    do {
      store = try LocalAppStore(openingStateAt: path)
    } catch {
      #expect(!error.reason.isEmpty)
      return
    }
    guard let status = try? await store.status() else { return }
    let entitled = Set(status.entitledProductIDs)
    for result in await store.currentEntitlements() {
      if case .verified(let transaction) = result {
        #expect(entitled.contains(transaction.productID))
      }
    }
    _ = await store.allTransactions()
    _ = try? await store.renewalInfos()
    if let product = store.allProducts.first {
      _ = try? await store.purchase(product, options: [])
    }
    if let oneDay = EmulatorDuration("1d") { _ = try? await store.advanceTime(by: oneDay) }
    if let latest = try? await store.history().last {
      _ = try? await store.refund(transactionID: latest.id)
    }
    for member in status.familyMembers.prefix(2) {
      _ = await store.backend(for: member).currentEntitlements()
    }
    _ = try? await store.askToBuyRequests()
    _ = await store.unfinishedTransactions()
  }
}
