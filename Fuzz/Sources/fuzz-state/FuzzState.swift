import Foundation
import FuzzSupport
import LocalAppStore
import StoreModel

/// Fuzzes the local App Store's state-file loader: `LocalAppStore(openingStateAt:)` on any
/// bytes, then the operations that read and change what the file holds.
///
/// Each input is written as the state file of a private scratch folder (in memory where
/// `/dev/shm` exists); after the status, one more operation runs, chosen by the input's bytes.
/// The oracle: no crash, no hang, no leak; a file that is refused is refused with a
/// `LocalAppStoreError` that has a reason; a verified entitlement is one the account's status
/// lists.
@main
enum FuzzState {
  static let folder = FuzzPaths.scratchFolder("fuzz-state")
  static let path = folder.appendingPathComponent("state.sqlite").path
  static let oneDay = EmulatorDuration("1d")

  static func main() {
    exit(
      FuzzDriver.run { data, size in
        FuzzState.check(Data(FuzzDriver.buffer(data, size)))
        return 0
      })
  }

  static func check(_ data: Data) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    guard FileManager.default.createFile(atPath: path, contents: data) else {
      fuzzFinding("cannot write the scratch state file at \(path)")
    }
    let choice = data.reduce(0) { ($0 &* 31 &+ Int($1)) & 0xFFFF }
    weak var released: LocalAppStore?
    do {
      let store = try LocalAppStore(openingStateAt: path)
      released = store
      blocking { await exercise(store, choice: choice) }
    } catch {
      if error.reason.isEmpty { fuzzFinding("a refusal without a reason: \(error.code)") }
      return
    }
    // The store closes its database when it goes; wait for that, so that the next input's
    // file never meets this one's connection.
    var spins = 0
    while released != nil {
      spins += 1
      if spins > 200_000 { fuzzFinding("the store was not released after its operations") }
      usleep(10)
    }
  }

  /// Reads the account's status, then one operation chosen by the input's bytes: each input
  /// stays cheap, and the corpus as a whole meets every operation.
  static func exercise(_ store: LocalAppStore, choice: Int) async {
    guard let status = try? await store.status() else { return }
    switch choice % 8 {
    case 0:
      let entitled = Set(status.entitledProductIDs)
      for result in await store.currentEntitlements() {
        guard case .verified(let transaction) = result else { continue }
        guard entitled.contains(transaction.productID) else {
          fuzzFinding(
            "verified entitlement \(transaction.productID) is not in the status \(entitled)")
        }
      }
    case 1: _ = await store.allTransactions()
    case 2: _ = try? await store.renewalInfos()
    case 3:
      if let product = store.allProducts.first {
        _ = try? await store.purchase(product, options: [])
      }
    case 4: if let oneDay { _ = try? await store.advanceTime(by: oneDay) }
    case 5:
      if let latest = try? await store.history().last {
        _ = try? await store.refund(transactionID: latest.id)
      }
    case 6:
      for member in status.familyMembers.prefix(2) {
        _ = await store.backend(for: member).currentEntitlements()
      }
    default:
      _ = try? await store.askToBuyRequests()
      _ = await store.unfinishedTransactions()
    }
  }
}
