import Foundation
import StoreInternals

/// The store's seeded generator of notification UUIDs (StoreInternals' SplitMix64), its state
/// kept in the ledger (meta `randomState`): every process on one state file draws from one
/// sequence, a rolled-back operation rolls its draws back too, and a store created with a seed
/// makes the same UUIDs every time.
extension LedgerStore {
  /// Seeds the store's generator: with `seed` (a test's), or else from the system's.
  func seedRandom(_ seed: UInt64?) throws(LocalAppStoreError) {
    var system = SystemRandomNumberGenerator()
    try setText(String(seed ?? system.next()), for: .randomState)
  }

  /// The next notification UUID (lowercase, as Apple's are), drawn from the store's generator
  /// in the caller's transaction; a state made before the generator existed is seeded from the
  /// system's on its first draw.
  ///
  /// Each draw takes three values from a generator seeded with the stored state: two for the
  /// UUID's bits, the third the next state.
  func nextNotificationUUID() throws(LocalAppStoreError) -> String {
    if try text(.randomState).flatMap(UInt64.init) == nil { try seedRandom(nil) }
    var generator = SeededGenerator(seed: UInt64(try text(.randomState) ?? "") ?? 0)
    let uuid = Self.version4UUID(generator.next(), generator.next())
    try setText(String(generator.next()), for: .randomState)
    return uuid.uuidString.lowercased()
  }

  /// A version 4 (random) UUID of the 128 bits `high` and `low` (RFC 9562, section 5.4).
  static func version4UUID(_ high: UInt64, _ low: UInt64) -> UUID {
    var bytes: [UInt8] = []
    for word in [high, low] {
      for shift in stride(from: 56, through: 0, by: -8) {
        bytes.append(UInt8(truncatingIfNeeded: word >> UInt64(shift)))
      }
    }
    bytes[6] = (bytes[6] & 0x0F) | 0x40
    bytes[8] = (bytes[8] & 0x3F) | 0x80
    return UUID(
      uuid: (
        bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8],
        bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
      ))
  }
}
