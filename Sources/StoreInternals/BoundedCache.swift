import Foundation

/// A map that holds at most `capacity` entries, shared between threads: when full, the oldest
/// entry makes room (first in, first out, in a ring of keys). A capacity of 0 turns it off.
///
/// Only what a caller inserts is kept, never a verdict of its own; an entry is never replaced
/// (the first insertion for a key wins), so readers see one value per key for its lifetime.
///
package final class BoundedCache<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private struct Ring {
    var entries: [Key: Value] = [:]
    /// The keys in insertion order, as a ring: `order[oldest]` is the next to go.
    var order: [Key] = []
    var oldest = 0
  }

  /// The most entries it holds.
  package let capacity: Int
  private let ring = Locked(Ring())

  /// A cache of at most `capacity` entries; 0 (or less) keeps nothing.
  package init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// Whether it keeps anything at all: callers skip building a key when it does not.
  package var isEnabled: Bool { capacity > 0 }

  /// The value kept for `key`.
  package subscript(key: Key) -> Value? {
    guard isEnabled else { return nil }
    return ring.withLock { $0.entries[key] }
  }

  /// Keeps `value` for `key` unless a value is kept for it already; the oldest entry goes when
  /// the cache is full.
  package func insert(_ value: Value, for key: Key) {
    guard isEnabled else { return }
    let capacity = capacity
    ring.withLock { ring in
      guard ring.entries[key] == nil else { return }
      if ring.order.count < capacity {
        ring.order.append(key)
      } else {
        ring.entries[ring.order[ring.oldest]] = nil
        ring.order[ring.oldest] = key
        ring.oldest = (ring.oldest + 1) % capacity
      }
      ring.entries[key] = value
    }
  }

  /// The number of entries kept.
  package var count: Int { ring.withLock { $0.entries.count } }
}
