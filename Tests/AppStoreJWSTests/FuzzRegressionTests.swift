import AppStoreJWS
import Foundation
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// Replays what the fuzz target `fuzz-jws` stored in `Fuzz/regressions/jws/` (see
/// `scripts/fuzz`): each input once crashed, hung, leaked or verified without being a valid
/// seed. Each must now be decoded or refused without a trap, and verify under no environment
/// and as no kind, against every root the fuzzer trusts.
@Suite struct FuzzRegressionTests {
  static let inputs = FuzzRegressionInput.stored("jws")

  /// The fuzzer's roots: Apple Root CA - G3, the fuzz seeds' CA (`fuzz-seeds jws`), and Apple's
  /// library test roots from the shared corpus when it is there.
  static func roots() throws -> [Certificate] {
    var roots: [Certificate] = [
      .appleRootCAG3, try TestCertificateAuthority(seed: Array("sportstime-fuzz-jws".utf8)).root,
    ]
    if let corpus = Corpus.jws {
      for path in [
        "app-store-server-library/certs/testCA.der", "app-store-server-library/x5c/chainB-root.der",
        "app-store-server-library/x5c/xcode-storekit-testing-selfsigned.der",
      ] {
        let data = try Data(contentsOf: corpus.appendingPathComponent(path))
        roots.append(try Certificate(derEncoded: data))
      }
    }
    return roots
  }

  @Test(
    "a stored fuzz input neither traps nor verifies, in any environment, as any kind",
    arguments: inputs)
  func replay(_ input: FuzzRegressionInput) throws {
    let text = String(decoding: input.bytes, as: UTF8.self)
    if let unverified = try? UnverifiedJWS(parsing: text) {
      _ = try? unverified.certificateChain()
      _ = try? unverified.decodePayload().jsonRepresentation()
    }
    let roots = try Self.roots()
    for environment in [AppStoreEnvironment.sandbox, .production, .xcode, .localTesting] {
      let verifier = try SignedDataVerifier.inspecting(
        rootCertificates: roots, environment: environment,
        clock: FixedClock(Instant.appleTestTime))
      for kind in [nil] + SignedPayloadKind.allCases.map(Optional.some) {
        let result = try? verifier.verify(text, kind: kind)
        #expect(
          result?.isVerified != true,
          "verified as \(kind?.rawValue ?? "its kind") in \(environment)")
      }
    }
  }

  @Test("the regression folder holds the fuzzer's findings, and every one is replayed")
  func folder() throws {
    let folder = FuzzRegressionInput.folder("jws")
    var isFolder: ObjCBool = false
    #expect(FileManager.default.fileExists(atPath: folder.path, isDirectory: &isFolder))
    #expect(isFolder.boolValue)
    let names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      .filter { !$0.hasPrefix(".") }
    #expect(names.count == Self.inputs.count)
  }
}
