import AppStoreJWS
internal import COpenSSL
import Foundation
@_spi(Tools) import LocalAppStore
import OpenSSLOracle
import StoreInternals
import StoreModel
import StoreTesting

/// The state, the key and the tokens the server group measures with, and the bare ES256 checks
/// of its floor.
extension ServerBenchmarks {
  /// A Sandbox state with one purchase, and the key its API accepts.
  struct Fixture {
    var statePath: String
    var transactionID: UInt64
    var signer: APITokenSigner
    var verifier: APITokenVerifier
    var publicKeyDER: [UInt8]

    static func make(in folder: URL) async throws -> Fixture {
      let statePath = folder.appendingPathComponent("state.sqlite").path
      let store = try LocalAppStore.create(
        atPath: statePath, products: SportsTimeFixtures.products,
        startDate: Date(timeIntervalSince1970: 1_767_225_600))
      try await store.setSigningEnvironment(.sandbox)
      guard
        case .purchased(let purchase) = try await store.purchaseWithOutcome(
          SportsTimeFixtures.monthly)
      else { throw BenchError("the fixture's purchase made no transaction") }
      // As `api-key` makes its key: 10 characters of App Store Connect's alphabet, a UUID.
      let key = try SubscriptionOfferKey.generate(keyID: "BENCH2X9R4")
      let issuerID = UUID().uuidString.lowercased()
      let publicKeyDER = key.privateKey.publicKeyDER
      try await store.registerAPIKey(
        .init(
          keyID: key.keyID, issuerID: issuerID, publicKey: publicKeyDER.base64EncodedString(),
          isGenerated: false))
      let bundleID = try await store.serverSettings().bundleID
      let verificationKey = try OfferVerificationKey(keyID: key.keyID, publicKeyDER: publicKeyDER)
      return Fixture(
        statePath: statePath, transactionID: purchase.unsafePayloadValue.id,
        signer: APITokenSigner(key: key, issuerID: issuerID, bundleID: bundleID),
        verifier: APITokenVerifier(
          keys: [.init(issuerID: issuerID, key: verificationKey)], bundleID: bundleID),
        publicKeyDER: Array(publicKeyDER))
    }
  }

  /// `count` distinct tokens as Apple documents them (`iss`, `iat`, `exp` an hour on, `aud`,
  /// `bid`), minted on `threads` threads; ECDSA's random nonce makes each signature differ.
  static func mintTokens(_ signer: APITokenSigner, count: Int, threads: Int) throws -> [String] {
    let now = Int64(Date().timeIntervalSince1970)
    let slices = Locked([[String]](repeating: [], count: threads))
    let failures = Locked(0)
    let group = DispatchGroup()
    for thread in 0..<threads {
      group.enter()
      Thread {
        var made: [String] = []
        let share = count / threads + (thread < count % threads ? 1 : 0)
        made.reserveCapacity(share)
        for _ in 0..<share {
          let claims: [String: APITokenSigner.Claim] = [
            "iss": .string(signer.issuerID), "iat": .number(now), "exp": .number(now + 3_600),
            "aud": .string(APITokenVerifier.audience), "bid": .string(signer.bundleID),
          ]
          if let token = try? signer.sign(claims: claims) {
            made.append(token)
          } else {
            failures.withLock { $0 += 1 }
          }
        }
        slices.withLock { $0[thread] = made }
        group.leave()
      }.start()
    }
    group.wait()
    let tokens = slices.withLock { $0.flatMap { $0 } }
    guard failures.withLock({ $0 }) == 0, Set(tokens).count == count else {
      throw BenchError("could not mint \(count) distinct tokens")
    }
    return tokens
  }

  /// A token split for OpenSSL: its signing input and its signature in DER.
  struct PreparedToken: Sendable {
    let signingInput: [UInt8]
    let derSignature: [UInt8]

    init(_ token: String) throws {
      let parsed = try UnverifiedJWS(parsing: token)
      guard let der = OpenSSLBaseline.derSignature(raw: Array(parsed.signature)) else {
        throw BenchError("a token's signature is not r‖s")
      }
      signingInput = Array(parsed.signingInput.utf8)
      derSignature = der
    }

    /// SHA-256 of the signing input, then `EVP_PKEY_verify` in a fresh context: a one-off ES256
    /// check as OpenSSL does it.
    func verify(with key: BareKey) -> Bool {
      var digest = [UInt8](repeating: 0, count: 32)
      _ = SHA256(signingInput, signingInput.count, &digest)
      guard let context = EVP_PKEY_CTX_new(key.pointer, nil) else { return false }
      defer { EVP_PKEY_CTX_free(context) }
      guard EVP_PKEY_verify_init(context) == 1 else { return false }
      return EVP_PKEY_verify(context, derSignature, derSignature.count, digest, 32) == 1
    }
  }

  /// The API key's public half in libcrypto.
  ///
  /// `@unchecked Sendable` invariant: the key is never changed after `init`, and OpenSSL lets
  /// threads use one `EVP_PKEY` at once for verification (openssl-threads(7): an object may be
  /// used by several threads when none of them changes it).
  final class BareKey: @unchecked Sendable {
    let pointer: OpaquePointer

    init(der: [UInt8]) throws {
      var cursor: UnsafePointer<UInt8>? = nil
      let key = der.withUnsafeBufferPointer { bytes -> OpaquePointer? in
        cursor = bytes.baseAddress
        return d2i_PUBKEY(nil, &cursor, bytes.count)
      }
      guard let key else { throw BenchError("libcrypto refused the API key's public half") }
      pointer = key
    }

    deinit { EVP_PKEY_free(pointer) }
  }

  /// Runs `body` on `threads` threads for `seconds` each (wall clock), and returns the sum of
  /// the threads' rates and the calls that returned `false`.
  static func parallelRate(
    threads: Int, seconds: Double, _ body: @escaping @Sendable (Int, Int) -> Bool
  ) -> (rate: Double, failures: Int) {
    let rates = Locked([Double](repeating: 0, count: threads))
    let failures = Locked(0)
    let group = DispatchGroup()
    for thread in 0..<threads {
      group.enter()
      Thread {
        let start = DispatchTime.now().uptimeNanoseconds
        let deadline = start + UInt64(seconds * 1e9)
        var calls = 0
        var failed = 0
        var now = start
        while now < deadline {
          for _ in 0..<16 where !body(thread, calls) { failed += 1 }
          calls += 16
          now = DispatchTime.now().uptimeNanoseconds
        }
        let rate = Double(calls) / (Double(now - start) / 1e9)
        rates.withLock { $0[thread] = rate }
        failures.withLock { $0 += failed }
        group.leave()
      }.start()
    }
    group.wait()
    return (rates.withLock { $0.reduce(0, +) }, failures.withLock { $0 })
  }
}
