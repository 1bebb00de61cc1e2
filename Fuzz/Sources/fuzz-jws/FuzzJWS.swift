import Foundation
import FuzzSupport
@_spi(Fuzz) import StoreFuzzing

/// Fuzzes App Store signed-data verification: `UnverifiedJWS` (the `decode` path) and
/// `SignedDataVerifier` (the `verify` path) on any bytes.
///
/// The oracle: no crash, no hang, no leak, and no acceptance of an input that is not
/// byte-identical to a seed that verifies (or to its high-S twin, the one other encoding of a
/// valid signature that ES256 admits, accepted on purpose; see SECURITY.md). Seeds that verify
/// are read from the folder `$FUZZ_SEEDS` names before fuzzing starts. The harness is
/// StoreFuzzing's `JWSHarness`.
@main
enum FuzzJWS {
  static func main() {
    let harness = JWSHarness.shared
    let (valid, all) = harness.validSeeds
    FileHandle.standardError.write(
      Data(
        ("fuzz-jws: \(valid) of \(all) seeds verify; \(harness.acceptedCount) byte strings may "
          + "verify (those seeds and their high-S twins)\n").utf8))
    FuzzDriver.run { data, size in
      JWSHarness.shared.check(FuzzDriver.buffer(data, size))
      return 0
    }
  }
}
