import StoreInternals

/// The package's seeded generator (SplitMix64, in `StoreInternals`) for the fuzz package's soak,
/// which `package` access does not reach: `@_spi(Fuzz) import StoreTesting`. The same seed
/// gives the same values on every machine.
@_spi(Fuzz) public struct FuzzRandom: RandomNumberGenerator, Sendable {
  private var base: SeededGenerator

  /// A generator whose values follow from `seed` alone.
  public init(seed: UInt64) { base = SeededGenerator(seed: seed) }

  public mutating func next() -> UInt64 { base.next() }
}
