import Foundation

/// A map that holds at most `capacity` entries, shared between threads: when full, the oldest
/// entry makes room (first in, first out, in a ring of keys). A capacity of 0 turns it off.
///
/// Only what a caller inserts is kept, never a verdict of its own; an entry is never replaced
/// (the first insertion for a key wins), so readers see one value per key for its lifetime.
///
/// `@unchecked Sendable` invariant: `entries`, `order` and `oldest` are only touched while `lock`
/// is held.
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: @unchecked Sendable {
  /// The most entries it holds.
  package let capacity: Int
  private let lock = NSLock()
  private var entries: [Key: Value] = [:]
  /// The keys in insertion order, as a ring: `order[oldest]` is the next to go.
  private var order: [Key] = []
  private var oldest = 0

  /// A cache of at most `capacity` entries; 0 (or less) keeps nothing.
  package init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// Whether it keeps anything at all: callers skip building a key when it does not.
  package var isEnabled: Bool { capacity > 0 }

  /// The value kept for `key`.
  package subscript(key: Key) -> Value? {
    guard isEnabled else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return entries[key]
  }

  /// Keeps `value` for `key` unless a value is kept for it already; the oldest entry goes when
  /// the cache is full.
  package func insert(_ value: Value, for key: Key) {
    guard isEnabled else { return }
    lock.lock()
    defer { lock.unlock() }
    guard entries[key] == nil else { return }
    if order.count < capacity {
      order.append(key)
    } else {
      entries[order[oldest]] = nil
      order[oldest] = key
      oldest = (oldest + 1) % capacity
    }
    entries[key] = value
  }

  /// The number of entries kept.
  package var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }
}
