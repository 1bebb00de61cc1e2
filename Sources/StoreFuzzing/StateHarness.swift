public import Foundation
import LocalAppStore
import StoreModel

/// Fuzzes the local App Store's state-file loader: `LocalAppStore(openingStateAt:)` on any
/// bytes, then the operations that read and change what the file holds.
///
/// Each input is written as the state file of a private scratch folder (in memory where
/// `/dev/shm` exists); once open, one operation runs, chosen by the input's bytes.
/// The oracle: no crash, no hang, no leak; a file that is refused is refused with a
/// `LocalAppStoreError` that has a reason; a verified entitlement is one the account's status
/// lists.
@_spi(Fuzz) public enum StateHarness {
  static let folder = FuzzPaths.scratchFolder("fuzz-state")
  static let path = folder.appendingPathComponent("state.sqlite").path
  static let oneDay = EmulatorDuration("1d")

  /// Opens one input as a state file, runs one operation on it, and checks the oracle.
  public static func check(_ data: Data) {
    for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
    guard FileManager.default.createFile(atPath: path, contents: data) else {
      fuzzFinding("cannot write the scratch state file at \(path)")
    }
    var store: LocalAppStore
    do {
      store = try LocalAppStore(openingStateAt: path)
    } catch {
      if error.reason.isEmpty { fuzzFinding("a refusal without a reason: \(error.code)") }
      return
    }
    let choice = choice(data)
    blocking { [store] in await exercise(store, choice: choice) }
    // The task may still hold the store for a moment after it signalled; the last reference
    // is let go here, so the store (and its database connection) is gone before the next
    // input, and nothing of it is still being torn down on another thread at exit.
    var spins = 0
    while !isKnownUniquelyReferenced(&store) {
      spins += 1
      if spins > 1_000_000 { fuzzFinding("the store is still held after its operations") }
      usleep(10)
    }
  }

  /// A number picked by the input's bytes: their sum, sampled (the files are 10s of KB).
  static func choice(_ data: Data) -> Int {
    data.withUnsafeBytes { bytes in
      stride(from: 0, to: bytes.count, by: 61).reduce(bytes.count) { $0 &+ Int(bytes[$1]) }
    }
  }

  /// One operation chosen by the input's bytes (opening is the costly part, so each input
  /// stays cheap, and the corpus as a whole meets every operation).
  static func exercise(_ store: LocalAppStore, choice: Int) async {
    switch choice % 9 {
    case 0:
      guard let status = try? await store.status() else { return }
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
      for member in (try? await store.status().familyMembers.prefix(2)) ?? [] {
        _ = await store.backend(for: member).currentEntitlements()
      }
    case 7:
      _ = try? await store.askToBuyRequests()
      _ = await store.unfinishedTransactions()
    default:
      _ = try? await store.history()
    }
  }
}
