import Foundation

/// A bounded cache of chains that passed verification, keyed by the DER of leaf and intermediate.
///
/// Only successes are stored, each with the window of validation times at which it holds, so a
/// hit is still checked against the time of the verification at hand. Signatures of tokens are
/// never cached. When full, the oldest entry makes room (first in, first out).
///
/// `@unchecked Sendable` invariant: `entries` and `order` are only touched while `lock` is held.
final class VerifiedChainCache: @unchecked Sendable {
  struct Key: Hashable {
    let leaf: [UInt8]
    let intermediate: [UInt8]

    /// Hashes the lengths and the last 64 bytes of each certificate — its signature, which
    /// differs between any two certificates — instead of all of it; equality compares all bytes.
    func hash(into hasher: inout Hasher) {
      hasher.combine(leaf.count)
      hasher.combine(intermediate.count)
      leaf.withUnsafeBytes {
        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0.suffix(64)))
      }
      intermediate.withUnsafeBytes {
        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: $0.suffix(64)))
      }
    }
  }

  let capacity: Int
  private let lock = NSLock()
  private var entries: [Key: VerifiedChain] = [:]
  private var order: [Key] = []
  private var oldest = 0

  /// A cache holding at most `capacity` chains; 0 disables it.
  init(capacity: Int) {
    self.capacity = max(0, capacity)
  }

  /// The verified chain of (`leaf`, `intermediate`), if cached.
  func chain(for key: Key) -> VerifiedChain? {
    guard capacity > 0 else { return nil }
    lock.lock()
    defer { lock.unlock() }
    return entries[key]
  }

  /// Remembers a verified chain.
  func insert(_ chain: VerifiedChain, for key: Key) {
    guard capacity > 0 else { return }
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
    entries[key] = chain
  }

  /// The number of cached chains.
  var count: Int {
    lock.lock()
    defer { lock.unlock() }
    return entries.count
  }
}
