import AppStoreJWS
import Foundation
@_spi(Tools) import LocalAppStore
import StoreModel

/// The floor of a purchase and of a renewal: the work each cannot do without, done bare, so that
/// the store's figures can be read as a ratio to it.
///
/// A purchase signs 3 tokens (its transaction, which its notification carries too, the
/// notification's renewal info and the notification itself), verifies 1 (its transaction, as
/// the app would) and commits 1 SQLite transaction; a renewal signs the same 3 and verifies
/// none. The floor does exactly that and nothing else:
/// - each signature is the store's primitive (`PlatformPrivateKey.rawSignature`, SHA-256 and
///   ECDSA P-256 through libcrypto, as `JWSSigner` calls it) with the leaf key of a certificate
///   authority like the store's, over the very signing inputs the store's first purchase
///   signed (its header with the x5c chain, its payloads): the same bytes hashed;
/// - the verification is the primitive's ES256 check (`PlatformPublicKey.isValidSignature`) of
///   the transaction's signing input: no header, chain or payload decoding;
/// - the commit is `BEGIN IMMEDIATE`, one `INSERT` of a row holding the purchase's signed
///   notification (the largest thing a purchase writes, which carries its transaction and
///   renewal info), `COMMIT`, through the store's SQLite wrapper, its statement prepared once,
///   on a private in-memory database as the benchmark's stores are.
struct EmulatorFloor {
  private let key: PlatformPrivateKey
  /// The signing inputs of the purchase's 3 tokens (`base64url(header).base64url(payload)`).
  private let signingInputs: [[UInt8]]
  /// `key`'s signature of the transaction's signing input, the one a purchase verifies.
  private let transactionSignature: [UInt8]
  /// What the commit writes.
  private let row: String
  private let database: SQLiteDatabase

  /// The floor of `store`'s first purchase: `store` must have made it, and nothing else since.
  init(after purchase: VerificationResult<Transaction>, in store: LocalAppStore) async throws {
    guard let notification = try await store.serverNotifications().last,
      let renewalInfo = try Self.renewalInfo(in: notification.signedPayload)
    else { throw BenchError("the purchase made no notification with renewal info") }
    let tokens = [purchase.jwsRepresentation, renewalInfo, notification.signedPayload]
    signingInputs = try tokens.map { token in
      guard let dot = token.utf8.lastIndex(of: UInt8(ascii: ".")) else {
        throw BenchError("a token the store signed is not a compact JWS")
      }
      return Array(token.utf8[..<dot])
    }
    let key = try TestCertificateAuthority.random().leafKey.key
    self.key = key
    transactionSignature = try signingInputs[0].withUnsafeBytes { input in
      try key.rawSignature(message: input, hash: .sha256)
    }
    row = notification.signedPayload
    database = try SQLiteDatabase(path: ":memory:")
    try database.execute("CREATE TABLE floor(id INTEGER PRIMARY KEY, body TEXT NOT NULL)")
  }

  /// One purchase's floor: 3 signatures, 1 verification, 1 commit. Returns whether the
  /// verification held.
  func purchase() throws -> Bool {
    try sign()
    let verified = transactionSignature.withUnsafeBytes { signature in
      signingInputs[0].withUnsafeBytes { input in
        key.publicKey.isValidSignature(rawSignature: signature, message: input, hash: .sha256)
      }
    }
    try commit()
    return verified
  }

  /// One renewal's floor: 3 signatures, 1 commit.
  func renewal() throws {
    try sign()
    try commit()
  }

  private func sign() throws {
    for input in signingInputs {
      _ = try input.withUnsafeBytes { try key.rawSignature(message: $0, hash: .sha256) }
    }
  }

  private func commit() throws {
    try database.immediateTransaction { () throws(LocalAppStoreError) in
      _ = try database.query("INSERT INTO floor(body) VALUES(?)", [.text(row)])
    }
  }

  /// The `signedRenewalInfo` inside a signed notification.
  private static func renewalInfo(in signedPayload: String) throws -> String? {
    let payload = try UnverifiedJWS(parsing: signedPayload).payloadJSON
    let object = try JSONSerialization.jsonObject(with: payload) as? [String: Any]
    let data = object?["data"] as? [String: Any]
    return data?["signedRenewalInfo"] as? String
  }
}
