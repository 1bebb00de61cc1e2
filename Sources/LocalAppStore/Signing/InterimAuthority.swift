import Foundation
import StoreModel

/// A stand-in authority until `AppStoreJWS`'s signer lands: marks tokens instead of signing.
struct InterimAuthority: SigningAuthority {
  let bundleID: String

  func sign(_ payload: [UInt8]) throws(LocalAppStoreError) -> String {
    Self.header + "." + Self.base64URL(payload) + ".trusted"
  }

  func signWithForeignKey(_ payload: [UInt8]) throws(LocalAppStoreError) -> String {
    Self.header + "." + Self.base64URL(payload) + ".foreign"
  }

  func verifyTransaction(_ jws: String) -> VerificationResult<Transaction> {
    verify(jws, as: Transaction.self) { $0.jwsRepresentation = jws }
  }

  func verifyRenewalInfo(_ jws: String) -> VerificationResult<RenewalInfo> {
    verify(jws, as: RenewalInfo.self) { $0.jwsRepresentation = jws }
  }

  func exported() throws(LocalAppStoreError) -> String { "interim" }

  var rootCertificate: [UInt8] { [] }

  private func verify<T: Decodable & Sendable>(
    _ jws: String, as type: T.Type, attach: (inout T) -> Void
  ) -> VerificationResult<T> {
    let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
    var base64 = String(parts[1]).replacingOccurrences(of: "-", with: "+")
      .replacingOccurrences(of: "_", with: "/")
    while base64.count % 4 != 0 { base64 += "=" }
    // The interim tokens are made by this file: they always decode.
    var value = try! AppStoreJSON.decoder().decode(T.self, from: Data(base64Encoded: base64)!)
    attach(&value)
    if parts[2] == "trusted" { return .verified(value) }
    return .unverified(value, VerificationError(.invalidSignature, "interim: foreign key"))
  }

  private static let header = base64URL(Array(#"{"alg":"ES256"}"#.utf8))

  private static func base64URL(_ bytes: [UInt8]) -> String {
    Data(bytes).base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}
