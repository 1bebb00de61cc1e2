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
    "a certificate that does not parse says what, where and why in one line, without a source line",
    arguments: [
      (
        Data("hello, not a certificate\n".utf8),
        "the bytes are not a DER X.509 certificate: the element's 101 bytes run past the end"
          + " (23 left) (at byte 0)"
      ),
      (
        Data("-----BEGIN CERTIFICATE-----\nAAAA!!\n-----END CERTIFICATE-----\n".utf8),
        "a PEM certificate block is not base64"
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

  @Test("a PEM text without a certificate block says so")
  func noBlock() throws {
    let failure = try #require(
      Self.error { () throws(AppStoreJWSError) in
        _ = try Certificate.certificates(pemEncoded: "no block here")
      })
    #expect(failure.reason == #"there is no "-----BEGIN CERTIFICATE-----" block"#)
  }
}
