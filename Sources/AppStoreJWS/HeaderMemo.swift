import Foundation
import StoreInternals

/// Remembers what the header segments of recently verified tokens said, so that tokens from one
/// signer (whose headers are byte-identical) skip decoding and parsing them again.
///
/// It holds facts that follow from the header's bytes alone — the `x5c` entries decoded to DER —
/// never a verdict on them: the chain is still looked up in ``VerifiedChainCache`` by that DER
/// and checked at the validation time, and the signature is checked every time. Only headers
/// that passed every header check are remembered. Bounded; oldest entry out first (the
/// package's one ``BoundedCache``).
typealias HeaderMemo = BoundedCache<HeaderSegmentKey, HeaderFacts>

extension BoundedCache where Key == HeaderSegmentKey, Value == HeaderFacts {
  /// What the header segment said when it was last verified, if remembered.
  func facts(for segment: UnsafeRawBufferPointer) -> HeaderFacts? {
    guard isEnabled else { return nil }
    return self[HeaderSegmentKey(bytes: Array(segment))]
  }

  /// Remembers what a header segment that passed every header check says.
  func remember(_ facts: HeaderFacts, for segment: UnsafeRawBufferPointer) {
    guard isEnabled else { return }
    insert(facts, for: HeaderSegmentKey(bytes: Array(segment)))
  }
}

/// The exact bytes of a header segment (base64url text).
struct HeaderSegmentKey: Hashable, Sendable {
  let bytes: [UInt8]

  /// Hashes the length and 16-byte samples at eight evenly spaced places: cheap on a 4 KB
  /// header, and distinct chains differ inside the leaf's part. Equality compares all bytes.
  func hash(into hasher: inout Hasher) {
    hasher.combine(bytes.count)
    bytes.withUnsafeBytes { buffer in
      guard buffer.count > 128 else {
        hasher.combine(bytes: buffer)
        return
      }
      for sample in 0..<8 {
        let start = (buffer.count - 16) * sample / 7
        hasher.combine(bytes: UnsafeRawBufferPointer(rebasing: buffer[start..<(start + 16)]))
      }
    }
  }

  static func == (lhs: Self, rhs: Self) -> Bool {
    guard lhs.bytes.count == rhs.bytes.count else { return false }
    return lhs.bytes.withUnsafeBytes { left in
      rhs.bytes.withUnsafeBytes { right in
        guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else {
          return true
        }
        return memcmp(leftBase, rightBase, left.count) == 0
      }
    }
  }
}

/// What a well-formed App Store header says: the DER of `x5c[0]` and `x5c[1]` (or, for an
/// Xcode single-certificate chain, `x5c[0]` alone).
struct HeaderFacts: Sendable {
  let certificates: [[UInt8]]
}
