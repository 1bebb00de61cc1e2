import AppStoreJWS
import Foundation
import StoreModel
import Testing

/// Shared material of the tests: one test CA (made once), payloads and verifiers.
enum Fixtures {
  static let bundleID = "com.sportstime.app"
  static let signedDate = Date(timeIntervalSince1970: 1_767_225_601)  // 2026-01-01T00:00:01Z

  /// The test CA every test that needs one shares (made from a fixed seed).
  static let authority: TestCertificateAuthority = {
    do {
      return try TestCertificateAuthority(seed: Array("AppStoreJWSTests".utf8))
    } catch {
      preconditionFailure("the test CA could not be made: \(error)")
    }
  }()

  static func transaction(
    bundleID: String = bundleID, environment: AppStoreEnvironment = .localTesting,
    signedDate: Date = signedDate
  ) -> Transaction {
    var transaction = Transaction(
      id: 2_000_000_000_000_001, originalID: 2_000_000_000_000_000, appBundleID: bundleID,
      productID: "com.sportstime.pro.monthly", productType: .autoRenewable,
      purchaseDate: signedDate.addingTimeInterval(-1), signedDate: signedDate,
      subscriptionGroupID: "21000001", expirationDate: signedDate.addingTimeInterval(2_592_000),
      reason: .purchase, environment: environment)
    transaction.storefrontCountryCode = "USA"
    transaction.currency = "USD"
    transaction.priceMilliunits = 4990
    return transaction
  }

  /// The JSON of ``transaction(bundleID:environment:signedDate:)``.
  static let payloadJSON: Data = {
    do {
      return try AppStoreJSON.encoder().encode(transaction())
    } catch {
      preconditionFailure("the test payload could not be encoded: \(error)")
    }
  }()

  /// A valid token of the shared test CA.
  static let token: String = {
    do {
      return try authority.signer.sign(transaction())
    } catch {
      preconditionFailure("the test token could not be signed: \(error)")
    }
  }()

  static func verifier(
    roots: [Certificate] = [authority.root], bundleID: String = bundleID,
    environment: AppStoreEnvironment = .localTesting, cache: Int = 64
  ) throws -> SignedDataVerifier {
    try SignedDataVerifier(
      rootCertificates: roots, bundleID: bundleID, environment: environment,
      clock: FixedClock(signedDate), chainCacheCapacity: cache)
  }

  /// The outcome of a verification: `nil` when verified, else the failure's code, thrown or
  /// returned.
  static func outcome<T>(_ verify: () throws(VerificationError) -> VerificationResult<T>)
    -> VerificationError.Code?
  {
    do {
      return try verify().verificationError?.code
    } catch {
      return error.code
    }
  }

  /// Splits a token into its three base64url segments.
  static func segments(_ token: String) -> [String] {
    token.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
  }

  static func base64URL(_ data: Data) -> String {
    data.base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }

  static func decodeBase64URL(_ text: String) -> Data? {
    var base64 = text.replacingOccurrences(of: "-", with: "+").replacingOccurrences(
      of: "_", with: "/")
    base64 += String(repeating: "=", count: (4 - base64.count % 4) % 4)
    return Data(base64Encoded: base64)
  }
}

/// Makes certificate chains for attacks.
enum ChainForge {
  static let validity = DateInterval(
    start: Date(timeIntervalSince1970: 1_577_836_800),
    end: Date(timeIntervalSince1970: 2_524_608_000))

  struct Chain {
    var root: Certificate
    var intermediate: Certificate
    var leaf: Certificate
    var leafKey: PrivateKey

    func signer(_ x5c: [Certificate]? = nil) throws -> JWSSigner {
      try JWSSigner(key: leafKey, certificateChain: x5c ?? [leaf, intermediate, root])
    }
  }

  /// A three-level chain with the given marker extensions and names.
  static func make(
    rootNames: [CertificateTemplate.NameAttribute] = [.init("CN", "Forged Root")],
    intermediateNames: [CertificateTemplate.NameAttribute] = [.init("CN", "Forged Intermediate")],
    leafNames: [CertificateTemplate.NameAttribute] = [.init("CN", "Forged Leaf")],
    curve: PrivateKey.Curve = .p256,
    intermediateMarkers: [String] = [TestCertificateAuthority.intermediateMarkerOID],
    leafMarkers: [String] = [TestCertificateAuthority.leafMarkerOID],
    criticalLeafMarkers: [String] = [],
    intermediateIsCA: Bool = true,
    leafKeyCurve: PrivateKey.Curve = .p256,
    leafValidity: DateInterval = validity
  ) throws -> Chain {
    let rootKey = try PrivateKey.generate(curve: curve)
    let intermediateKey = try PrivateKey.generate(curve: curve)
    let leafKey = try PrivateKey.generate(curve: leafKeyCurve)
    let root = try Certificate.issue(
      CertificateTemplate(
        subject: rootNames, serialNumber: [0x10], notValidBefore: validity.start,
        notValidAfter: validity.end, isCertificateAuthority: true),
      subjectKey: rootKey, issuer: nil, issuerKey: rootKey)
    let intermediate = try Certificate.issue(
      CertificateTemplate(
        subject: intermediateNames, serialNumber: [0x11], notValidBefore: validity.start,
        notValidAfter: validity.end, isCertificateAuthority: intermediateIsCA,
        markerExtensions: intermediateMarkers),
      subjectKey: intermediateKey, issuer: root, issuerKey: rootKey)
    let leaf = try Certificate.issue(
      CertificateTemplate(
        subject: leafNames, serialNumber: [0x12], notValidBefore: leafValidity.start,
        notValidAfter: leafValidity.end, markerExtensions: leafMarkers,
        criticalMarkerExtensions: criticalLeafMarkers),
      subjectKey: leafKey, issuer: intermediate, issuerKey: intermediateKey)
    return Chain(root: root, intermediate: intermediate, leaf: leaf, leafKey: leafKey)
  }
}
