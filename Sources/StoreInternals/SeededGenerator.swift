/// Steele, Lea and Flood's SplitMix64 ("Fast splittable pseudorandom number generators",
/// OOPSLA 2014): a small seeded generator, so synthetic histories, property tests and soak
/// workers make the same values from the same seed on every machine.
///
/// Not for secrets: it is fast and predictable by design.
package struct SeededGenerator: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// A generator whose values follow from `seed` alone.
  package init(seed: UInt64) { state = seed }

  package mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var value = state
    value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
    value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
    return value ^ (value >> 31)
  }
}
