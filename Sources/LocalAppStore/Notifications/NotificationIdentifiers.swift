import Foundation

/// Steele, Lea and Flood's SplitMix64: the store's seeded generator of notification UUIDs. Its
/// state lives in the ledger (meta `randomState`), so that every process on one state file
/// draws from one sequence, a rolled-back operation rolls its draws back too, and a store
/// created with a seed makes the same UUIDs every time.
struct SeededGenerator: RandomNumberGenerator {
  private(set) var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A version 4 (random) UUID of the next 128 bits (RFC 9562, section 5.4).
  mutating func nextUUID() -> UUID {
    var bytes: [UInt8] = []
    for word in [next(), next()] {
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

extension LedgerStore {
  /// Seeds the store's generator: with `seed` (a test's), or else from the system's.
  func seedRandom(_ seed: UInt64?) throws(LocalAppStoreError) {
    var system = SystemRandomNumberGenerator()
    try setMeta("randomState", String(seed ?? system.next()))
  }

  /// The next notification UUID (lowercase, as Apple's are), drawn from the store's generator
  /// in the caller's transaction; a state made before the generator existed is seeded from the
  /// system's on its first draw.
  func nextNotificationUUID() throws(LocalAppStoreError) -> String {
    if try meta("randomState").flatMap(UInt64.init) == nil { try seedRandom(nil) }
    var generator = SeededGenerator(seed: UInt64(try meta("randomState") ?? "") ?? 0)
    let uuid = generator.nextUUID()
    try setMeta("randomState", String(generator.state))
    return uuid.uuidString.lowercased()
  }
}
