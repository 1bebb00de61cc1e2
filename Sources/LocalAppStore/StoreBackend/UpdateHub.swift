package import Foundation
import StoreInternals
package import StoreModel

/// The subscribers of `Transaction.updates`: each gets every change of its account's
/// transactions at most once.
///
/// A delivery is keyed by transaction and revision: a transaction that changes (is revoked,
/// upgraded away) is delivered again, a repeat of the same revision is not.
package final class UpdateHub: Sendable {
  struct Key: Hashable {
    var transactionID: UInt64
    var revision: Int
  }

  private struct Subscriber {
    var account: String
    var continuation: AsyncStream<VerificationResult<Transaction>>.Continuation
    var delivered: Set<Key> = []
  }

  private let subscribers = Locked<[UUID: Subscriber]>([:])

  /// A hub with no subscribers.
  package init() {}

  /// Adds a subscriber of `account`; the stream removes it when it ends.
  package func subscribe(account: String) -> (
    id: UUID, stream: AsyncStream<VerificationResult<Transaction>>
  ) {
    let id = UUID()
    let (stream, continuation) = AsyncStream.makeStream(
      of: VerificationResult<Transaction>.self, bufferingPolicy: .unbounded)
    continuation.onTermination = { [weak self] _ in
      self?.subscribers.withLock { _ = $0.removeValue(forKey: id) }
    }
    subscribers.withLock { $0[id] = Subscriber(account: account, continuation: continuation) }
    return (id, stream)
  }

  /// Whether anyone listens to `account`.
  func hasSubscribers(account: String) -> Bool {
    subscribers.withLock { $0.values.contains { $0.account == account } }
  }

  /// How many streams are open.
  var count: Int { subscribers.withLock { $0.count } }

  /// Delivers `result` to every subscriber of `account` (or only to `subscriber`) that has not
  /// had this revision yet.
  func deliver(
    _ result: VerificationResult<Transaction>, key: Key, account: String,
    only subscriber: UUID? = nil
  ) {
    let targets = subscribers.withLock { subscribers in
      var targets: [AsyncStream<VerificationResult<Transaction>>.Continuation] = []
      for (id, var entry) in subscribers where entry.account == account {
        if let subscriber, subscriber != id { continue }
        if entry.delivered.insert(key).inserted {
          targets.append(entry.continuation)
          subscribers[id] = entry
        }
      }
      return targets
    }
    for continuation in targets { continuation.yield(result) }
  }

  /// Ends every stream.
  package func finishAll() {
    let all = subscribers.withLock { subscribers in
      defer { subscribers.removeAll() }
      return subscribers.values.map(\.continuation)
    }
    for continuation in all { continuation.finish() }
  }
}
