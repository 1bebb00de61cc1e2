import AppStoreJWS
import Foundation
import LocalAppStore
import TestSupport
import Testing

/// The memo of decoded certificate authorities that spares reopening a state its OpenSSL
/// decoding: a hit must be the authority the text decodes to, and nothing else may hit.
@Suite(.recordsQuietFailures) struct DecodedAuthoritiesTests {
  static let validity = DateInterval(
    start: Date(timeIntervalSince1970: 0), end: Date(timeIntervalSince1970: 4_102_444_800))

  static func text(_ archive: TestCertificateAuthority.Archive) throws -> String {
    String(decoding: try JSONEncoder().encode(archive), as: UTF8.self)
  }

  @Test("an archive is decoded once, and what is kept is the authority it decodes to")
  func keeps() throws {
    let memo = DecodedAuthorities(limit: 4)
    let authority = try TestCertificateAuthority.random(validity: Self.validity)
    let text = try Self.text(authority.archive())
    #expect(!memo.contains(text))
    let first = try memo.authority(text)
    #expect(first == authority)
    #expect(memo.contains(text))
    #expect(try memo.authority(text) == authority)
    #expect(memo.count == 1)
  }

  @Test("an archive altered after its original was kept is judged afresh, and refused")
  func altered() throws {
    let memo = DecodedAuthorities(limit: 4)
    let original = try TestCertificateAuthority.random(validity: Self.validity).archive()
    let other = try TestCertificateAuthority.random(validity: Self.validity).archive()
    _ = try memo.authority(Self.text(original))

    var foreignLeafKey = original
    foreignLeafKey.leafKey = other.leafKey
    var foreignRoot = original
    foreignRoot.rootCertificate = other.rootCertificate
    for archive in [foreignLeafKey, foreignRoot] {
      let text = try Self.text(archive)
      #expect(throws: LocalAppStoreError(.invalidState, "")) { try memo.authority(text) }
      #expect(!memo.contains(text))
    }
    let truncated = String(try Self.text(original).dropLast())
    let error = #expect(throws: LocalAppStoreError.self) { try memo.authority(truncated) }
    #expect(error?.code == .invalidState)
    #expect(error?.reason.contains("does not decode") == true)
    #expect(memo.count == 1)
  }

  @Test("the memo keeps at most its limit, and the latest authority is always kept")
  func bounded() throws {
    let memo = DecodedAuthorities(limit: 2)
    for _ in 0..<5 {
      let text = try Self.text(
        try TestCertificateAuthority.random(validity: Self.validity).archive())
      _ = try memo.authority(text)
      #expect(memo.contains(text))
      #expect(memo.count <= 2)
    }
  }
}
