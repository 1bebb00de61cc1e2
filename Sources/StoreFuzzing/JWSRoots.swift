import AppStoreJWS
import Foundation

/// The trust anchors of the fuzz verifiers: Apple Root CA - G3, the test roots of Apple's App
/// Store Server Library (from the shared corpus, when present), Xcode's StoreKit testing
/// certificate, and the fuzz seeds' own certificate authority.
enum JWSRoots {
  /// The seed of the local certificate authority that signs the generated seeds
  /// (`fuzz-seeds jws`); its keys, so its root, follow from it.
  static let localSeed = Array("sportstime-fuzz-jws".utf8)

  static func all() -> [Certificate] {
    var roots: [Certificate] = [.appleRootCAG3]
    if let local = try? TestCertificateAuthority(seed: localSeed) { roots.append(local.root) }
    if let corpus = ProcessInfo.processInfo.environment["FUZZ_JWS_CORPUS"] {
      let base = URL(fileURLWithPath: corpus).appendingPathComponent("app-store-server-library")
      for path in [
        "certs/testCA.der", "x5c/chainB-root.der", "x5c/xcode-storekit-testing-selfsigned.der",
      ] {
        guard let data = try? Data(contentsOf: base.appendingPathComponent(path)),
          let certificate = try? Certificate(derEncoded: data)
        else { continue }
        roots.append(certificate)
      }
    }
    return roots
  }
}
