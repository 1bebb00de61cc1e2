import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// `AppStoreJWSError` reads as one line for a person; the debugging detail is kept apart.
@Suite struct ErrorDescriptionTests {
  static func error(_ body: () throws(AppStoreJWSError) -> Void) -> AppStoreJWSError? {
    do {
      try body()
      return nil
    } catch {
      return error
    }
  }

  @Test(
    "a certificate that does not parse says why in one line, without OpenSSL's stack or a source line",
    arguments: [
      (Data("hello, not a certificate\n".utf8), "the bytes are not DER X.509 (OpenSSL: too long)"),
      (
        Data("-----BEGIN CERTIFICATE-----\nAAAA!!\n-----END CERTIFICATE-----\n".utf8),
        "a PEM certificate block does not parse (OpenSSL: bad base64 decode)"
      ),
      (Data(), "there are no bytes"),
    ])
  func certificate(bytes: Data, reason: String) throws {
    let failure = try #require(
      Self.error { () throws(AppStoreJWSError) in _ = try Certificate(contentsOf: bytes) })
    #expect(failure.code == .invalidCertificate)
    #expect(failure.reason == reason)
    #expect(failure.description == reason)
    #expect(!failure.description.contains("\n"))
    #expect(!failure.description.contains(".swift"))
    #expect(failure.sourceLocation.hasPrefix("AppStoreJWS/"))
    #expect(failure.debugDescription.contains("AppStoreJWSError.invalidCertificate: \(reason)"))
    #expect(failure.debugDescription.hasSuffix("(\(failure.fileID):\(failure.line))"))
  }

  @Test("OpenSSL's own messages are kept for debugging")
  func openSSLMessages() throws {
    let failure = try #require(
      Self.error { () throws(AppStoreJWSError) in
        _ = try Certificate(derEncoded: Array("hello".utf8))
      })
    #expect(!failure.openSSLMessages.isEmpty)
    #expect(failure.openSSLMessages.allSatisfy { $0.hasPrefix("error:") })
    #expect(failure.debugDescription.contains("[OpenSSL: error:"))
  }

  @Test("a PEM text without a certificate block says so")
  func noBlock() throws {
    let failure = try #require(
      Self.error { () throws(AppStoreJWSError) in
        _ = try Certificate.certificates(pemEncoded: "no block here")
      })
    #expect(failure.reason == #"there is no "-----BEGIN CERTIFICATE-----" block"#)
  }
}
