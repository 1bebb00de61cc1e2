/// One read at a time, in a task of its own, answering every caller with a read that started
/// after it asked: the primitive under ``EntitlementReader``.
///
/// - The read runs in a task of the flight's own, so a caller's cancellation never reaches it:
///   StoreKit answers a read made in a cancelled task with nothing (SwiftUI cancels a view's
///   `.task` whenever the view goes away).
/// - A caller that arrives while a read runs is not answered by it: what that read sees may be
///   older than the caller's reason to ask (a purchase just made). It waits for the next read,
///   which starts when the running one ends.
/// - Every caller that arrives while a read runs shares that next read: one read, not one each.
/// - ``stop()`` cancels the reads: a read cut short delivers nothing (it may hold StoreKit's empty
///   answer), its callers return, and the next call starts a new read at once.
/// - Each read delivers its value with a ``Stamp``; ``isLatest(_:)`` tells whether a later read
///   has started (or the flight stopped) since, so that work begun from an older read is dropped.
///
/// There is no `deinit`: every read has a caller awaiting it, which keeps the flight alive.
@MainActor
package final class SingleFlight<Value: Sendable> {
  /// Which read delivered a value: a later read has a later stamp.
  package struct Stamp: Hashable, Sendable {
    fileprivate let number: Int
  }

  /// Receives each read's value, once, on the main actor.
  package var deliver: ((Value, Stamp) -> Void)?
  private let operation: @Sendable () async -> Value
  /// The read under way, and the one that starts after it, shared by everyone who asked meanwhile.
  private var running: Task<Void, Never>?
  private var queued: Task<Void, Never>?
  /// The number of the latest read started or stop: the stamps below it are stale.
  private var latest = 0

  /// A flight of `operation`'s reads.
  package init(_ operation: @escaping @Sendable () async -> Value) {
    self.operation = operation
  }

  /// Returns once a read that started after this call has delivered its value, or the flight
  /// stopped.
  package func read() async {
    await request().value
  }

  /// Asks for a read that starts after this call: starts one, or joins the one queued behind
  /// the running read. Returns the read's task, which ends once it delivered (or stopped).
  package func request() -> Task<Void, Never> {
    if let queued { return queued }
    let previous = running
    let task = Task { [weak self] in
      // One read at a time: the queued read starts when the running one ends.
      await previous?.value
      await self?.run(wasQueued: previous != nil)
    }
    if previous == nil { running = task } else { queued = task }
    return task
  }

  /// Cancels the reads: nothing they read is delivered, and every stamp handed out is stale.
  package func stop() {
    running?.cancel()
    queued?.cancel()
    running = nil
    queued = nil
    latest += 1
  }

  /// Whether `stamp` is of the latest read started, and the flight has not stopped since.
  package func isLatest(_ stamp: Stamp) -> Bool {
    stamp.number == latest
  }

  private func run(wasQueued: Bool) async {
    // Stopped while queued: a later read (after the stop) is not this one's to start.
    guard !Task.isCancelled else { return }
    if wasQueued {
      running = queued
      queued = nil
    }
    latest += 1
    let stamp = Stamp(number: latest)
    let value = await operation()
    // Stopped meanwhile: the value may be the empty answer of a cancelled read.
    guard !Task.isCancelled else { return }
    if queued == nil { running = nil }
    deliver?(value, stamp)
  }
}
