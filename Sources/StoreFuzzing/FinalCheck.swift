import AppStoreJWS
import Foundation
import LocalAppStore
import StoreModel

/// After the workers: every account of every report checked again, every transaction any
/// worker saw still there, every signed transaction of the store verified; the figures.
struct FinalCheck {
  let path: String
  let reports: [String]

  func run() async throws {
    let store = try LocalAppStore(openingStateAt: path)
    let verifier = try SignedDataVerifier(
      rootCertificates: [try Certificate(derEncoded: store.rootCertificateDER)],
      bundleID: "com.sportstime.app", environment: Soak.settings.environment)
    var workers: [WorkerReport] = []
    for file in reports {
      workers.append(
        try JSONDecoder().decode(
          WorkerReport.self, from: Data(contentsOf: URL(fileURLWithPath: file))))
    }
    let revoked = Set(workers.flatMap(\.revoked))
    var calls = 0
    var retries = 0
    var transactions = 0
    for worker in workers {
      for (account, seen) in worker.seen.sorted(by: { $0.key < $1.key }) {
        guard
          let snapshot = try await AccountSnapshot.read(
            store, account: account, attempts: 3, calls: &calls, retries: &retries)
        else { throw SoakFailure("\(account): the final reading changed under no load") }
        try snapshot.check(verifier: verifier, seen: Set(seen), revoked: revoked)
        for result in await store.backend(for: account).allTransactions() {
          guard case .verified(let transaction) = result,
            case .verified? = try? verifier.verifyTransaction(transaction.jwsRepresentation)
          else { throw SoakFailure("\(account): a transaction of the history does not verify") }
          transactions += 1
        }
      }
    }
    let steps = workers.map(\.steps).reduce(0, +)
    let storeCalls = workers.map(\.storeCalls).reduce(0, +)
    let checks = workers.map(\.checks).reduce(0, +)
    let wall = workers.map(\.seconds).max() ?? 0
    let status = try await store.status()
    var lines = [
      "soak: \(workers.count) processes at once, \(workers.map { $0.seen.count }.reduce(0, +)) "
        + "accounts, simulated time \(Soak.start.formatted(.iso8601)) → "
        + "\(status.date.formatted(.iso8601))",
      "soak: \(steps) operations (\(workers.map { "\($0.name): \($0.steps)" }.joined(separator: ", "))) "
        + "and \(checks) invariant checks after them; \(storeCalls) store calls in all",
      String(
        format:
          "soak: %.1f s wall; %.0f operations/s, %.0f store calls/s (both processes together)",
        wall, Double(steps) / max(wall, 0.001), Double(storeCalls) / max(wall, 0.001)),
      "soak: \(retries + workers.map(\.retries).reduce(0, +)) readings retried because the other "
        + "process changed the state meanwhile; \(workers.map(\.busy).reduce(0, +)) operations "
        + "refused because it held the lock past the busy timeout (10 s)",
      "soak: final check: \(transactions) signed transactions verified, no transaction lost, "
        + "every invariant holds",
    ]
    var kinds: [String: Int] = [:]
    for worker in workers { kinds.merge(worker.stepsByKind, uniquingKeysWith: +) }
    lines.append(
      "soak: operations by kind: "
        + kinds.sorted { $0.key < $1.key }.map { "\($0.key) \($0.value)" }.joined(separator: ", "))
    print(lines.joined(separator: "\n"))
  }
}
