import Foundation

/// A value behind a lock, for the state that nonisolated members must reach synchronously.
final class Locked<Value>: @unchecked Sendable {
  // Sendable: `value` is only read or written inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
