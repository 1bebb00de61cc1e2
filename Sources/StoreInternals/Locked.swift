import Foundation

/// A value behind a lock, for the state that synchronous or nonisolated code must reach (a
/// clock's `now`, a `KeyValueStore`, a continuation resumed from any thread), where an actor
/// would make the caller `await`.
///
/// `Mutex` (Synchronization) would do the same, but needs macOS 15 and iOS 18; the package
/// supports macOS 14 and iOS 17.
package final class Locked<Value>: @unchecked Sendable {
  // Sendable: `value` is only read or written inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  package init(_ value: Value) { self.value = value }

  /// Runs `body` with the value, under the lock; `body` must not call back into this `Locked`.
  package func withLock<T, E: Error>(_ body: (inout Value) throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}

extension Locked where Value == Void {
  /// A lock with nothing behind it, for a resource that is not thread-safe (a database
  /// connection): whatever runs in ``withLock(_:)`` runs alone.
  package convenience init() { self.init(()) }

  /// Runs `body` alone, under the lock, with no `inout` access to the empty value:
  /// ThreadSanitizer reported that access (to a zero-sized stored property, which has no
  /// storage of its own) as a Swift access race in a CI run of `AppDataTests`.
  package func withLock<T, E: Error>(_ body: () throws(E) -> T) throws(E) -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body()
  }
}
