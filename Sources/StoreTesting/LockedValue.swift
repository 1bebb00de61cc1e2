import Foundation

/// A value guarded by a lock, for the few places where state must be read synchronously.
final class LockedValue<Value>: @unchecked Sendable {
  // Sendable: `value` is only touched inside `withLock`, under `lock`.
  private let lock = NSLock()
  private var value: Value

  init(_ value: Value) { self.value = value }

  func withLock<T>(_ body: (inout Value) throws -> T) rethrows -> T {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }
}
