import StoreInternals
import Testing

@Suite struct SeededGeneratorTests {
  @Test("seed 0 gives SplitMix64's published first values")
  func referenceValues() {
    // The first outputs of Vigna's reference splitmix64.c from a state of 0.
    var generator = SeededGenerator(seed: 0)
    #expect(generator.next() == 0xE220_A839_7B1D_CDAF)
    #expect(generator.next() == 0x6E78_9E6A_A1B9_65F4)
    #expect(generator.next() == 0x06C4_5D18_8009_454F)
  }

  @Test(
    "the same seed gives the same values; another seed, others", arguments: [1, 42, UInt64.max])
  func determinism(seed: UInt64) {
    var first = SeededGenerator(seed: seed)
    var second = SeededGenerator(seed: seed)
    var other = SeededGenerator(seed: seed &+ 1)
    let values = (0..<64).map { _ in first.next() }
    #expect(values == (0..<64).map { _ in second.next() })
    #expect(values != (0..<64).map { _ in other.next() })
  }
}
