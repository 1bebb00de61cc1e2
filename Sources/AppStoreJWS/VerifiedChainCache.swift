import StoreInternals

/// A bounded cache of chains that passed verification, keyed by the DER of leaf and intermediate.
///
/// Only successes are stored, each with the window of validation times at which it holds, so a
/// hit is still checked against the time of the verification at hand. Signatures of tokens are
/// never cached. When full, the oldest entry makes room (first in, first out): the package's one
/// ``BoundedCache``.
typealias VerifiedChainCache = BoundedCache<CertificatePairKey, VerifiedChain>

/// A leaf and intermediate certificate, as DER: the key of a ``VerifiedChainCache``.
struct CertificatePairKey: Hashable, Sendable {
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
