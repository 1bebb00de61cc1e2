import AppStoreJWS
import Foundation
import StoreModel

/// The verifiers, their roots and the set of inputs that may verify.
@_spi(Fuzz) public final class JWSHarness: Sendable {
  /// The harness of the process, built from the seeds `$FUZZ_SEEDS` names on first use.
  public static let shared = JWSHarness()

  /// The environments, in the order of `verifiers`.
  static let environments: [AppStoreEnvironment] = [.sandbox, .production, .xcode, .localTesting]
  /// 2025-11-01T02:09:35Z: the clock for payloads without a signing date (Apple's test time).
  static let fixedTime = Date(timeIntervalSince1970: 1_761_962_975)

  /// One verifier per environment, each trusting every root: any bundle, any app.
  let verifiers: [SignedDataInspector]
  /// The exact bytes of every input that may verify.
  private let accepted: Set<[UInt8]>

  /// How many seeds verify, of how many.
  public let validSeeds: (valid: Int, all: Int)

  public var acceptedCount: Int { accepted.count }

  private init() {
    let roots = JWSRoots.all()
    verifiers = Self.environments.map { environment in
      do {
        return try SignedDataVerifier.inspecting(
          rootCertificates: roots, environment: environment, clock: FixedClock(Self.fixedTime))
      } catch {
        fuzzFinding("cannot make the \(environment) verifier: \(error)")
      }
    }
    var accepted: Set<[UInt8]> = []
    var valid = 0
    let files = FuzzPaths.seedFiles(environment: "FUZZ_SEEDS")
    for file in files {
      guard let data = try? Data(contentsOf: file) else { continue }
      let text = String(decoding: data, as: UTF8.self)
      let verifies = verifiers.contains { verifier in
        if case .verified? = try? verifier.verify(text) { return true }
        return false
      }
      guard verifies else { continue }
      valid += 1
      accepted.insert(Array(text.utf8))
      if let twin = HighSTwin.token(text) { accepted.insert(Array(twin.utf8)) }
    }
    self.accepted = accepted
    self.validSeeds = (valid, files.count)
  }

  /// Runs one input through the decode and verify paths and enforces the oracle.
  public func check(_ input: UnsafeBufferPointer<UInt8>) {
    let text = String(decoding: input, as: UTF8.self)
    var claimed: AppStoreEnvironment?
    if let unverified = try? UnverifiedJWS(parsing: text) {
      _ = try? unverified.certificateChain()
      if let payload = try? unverified.decodePayload() {
        claimed = Self.environment(of: payload)
        _ = try? payload.jsonRepresentation()
      }
    }
    // Only the environment a payload claims can accept it, so that verifier is the one that
    // matters; inputs that claim none go to one chosen by their bytes.
    let checksum = Self.checksum(input)
    let index =
      claimed.flatMap { Self.environments.firstIndex(of: $0) }
      ?? Int(checksum % UInt32(Self.environments.count))
    // Most inputs are verified as the kind their payload shows; some as a kind chosen by their
    // bytes, so that every decoder meets every payload.
    let kinds = SignedPayloadKind.allCases
    let pick = Int((checksum >> 8) % UInt32(kinds.count * 2))
    let kind: SignedPayloadKind? = pick < kinds.count ? kinds[pick] : nil
    let outcome: VerificationResult<InspectedPayload<DecodedSignedPayload>>
    do {
      outcome = try verifiers[index].verify(text, kind: kind)
    } catch {
      return
    }
    guard case .verified = outcome else { return }
    guard accepted.contains(Array(text.utf8)) else {
      fuzzFinding(
        "false acceptance by the \(Self.environments[index]) verifier of \(input.count) bytes "
          + "that are no valid seed: \(text.prefix(120))…")
    }
  }

  static func environment(of payload: DecodedSignedPayload) -> AppStoreEnvironment? {
    switch payload {
    case .transaction(let value): value.claims.environment
    case .renewalInfo(let value): value.claims.environment
    case .notification(let value): value.claims.environment
    case .appTransaction(let value): value.claims.environment
    }
  }

  /// A cheap, stable function of the bytes (FNV-1a).
  static func checksum(_ input: UnsafeBufferPointer<UInt8>) -> UInt32 {
    var hash: UInt32 = 2_166_136_261
    for byte in input { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
    return hash
  }
}
