import AppStoreJWS
import Foundation
import StoreInternals
import StoreModel
import Testing

/// Random mutations of valid tokens: none may verify.
@Suite struct MutationPropertyTests {
  /// Valid tokens of every kind, signed by the shared test CA.
  static func validTokens() throws -> [(String, SignedPayloadKind)] {
    let signer = Fixtures.authority.signer
    let renewal = RenewalInfo(
      originalTransactionID: 2_000_000_000_000_000, currentProductID: "com.sportstime.pro.monthly",
      willAutoRenew: true, signedDate: Fixtures.signedDate, environment: .localTesting)
    let notification = ServerNotification(
      notificationType: .didRenew, subtype: .billingRecovery,
      notificationUUID: "6c9d7b4e-0f55-4b2e-9f1c-1a2b3c4d5e6f", signedDate: Fixtures.signedDate,
      data: .init(
        environment: .localTesting, appAppleID: 1_234_567_890, bundleID: Fixtures.bundleID,
        signedTransactionInfo: Fixtures.token, status: .subscribed))
    let app = AppTransaction(
      environment: .localTesting, bundleID: Fixtures.bundleID, appVersion: "2.1",
      originalAppVersion: "1.0",
      originalPurchaseDate: Fixtures.signedDate.addingTimeInterval(-86_400),
      signedDate: Fixtures.signedDate, appID: 1_234_567_890)
    return [
      (Fixtures.token, .transaction), (try signer.sign(renewal), .renewalInfo),
      (try signer.sign(notification), .notification), (try signer.sign(app), .appTransaction),
    ]
  }

  /// One random edit of `bytes`: substitute, insert, delete, duplicate, swap or truncate.
  static func mutate(_ bytes: [UInt8], using generator: inout SeededGenerator) -> [UInt8] {
    let alphabet = Array(
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.=+/ \"{}".utf8)
    var result = bytes
    let position = Int.random(in: 0..<result.count, using: &generator)
    switch Int.random(in: 0..<8, using: &generator) {
    case 0, 1:  // substitute one character with a token character
      result[position] = alphabet.randomElement(using: &generator) ?? 0x41
    case 2:  // flip one bit
      result[position] ^= UInt8(1) << UInt8.random(in: 0..<8, using: &generator)
    case 3:  // insert
      result.insert(alphabet.randomElement(using: &generator) ?? 0x41, at: position)
    case 4:  // delete a run
      let end = min(result.count, position + Int.random(in: 1...8, using: &generator))
      result.removeSubrange(position..<end)
    case 5:  // duplicate a run
      let end = min(result.count, position + Int.random(in: 1...16, using: &generator))
      result.insert(contentsOf: result[position..<end], at: end)
    case 6:  // swap two characters
      let other = Int.random(in: 0..<result.count, using: &generator)
      result.swapAt(position, other)
    default:  // truncate
      result.removeSubrange(position...)
    }
    return result
  }

  @Test("10,000 seeded random mutations of valid tokens: none verifies")
  func noMutationVerifies() throws {
    let verifier = try Fixtures.verifier()
    let tokens = try Self.validTokens()
    for (token, kind) in tokens {
      #expect(try verifier.verify(token, kind: kind).isVerified, "control \(kind)")
    }
    var generator = SeededGenerator(seed: 0x5EED_2026)
    var tried = 0
    var refusals: [VerificationError.Code: Int] = [:]
    while tried < 10_000 {
      let (token, kind) = tokens[tried % tokens.count]
      var bytes = Self.mutate(Array(token.utf8), using: &generator)
      if Int.random(in: 0..<4, using: &generator) == 0 {
        bytes = Self.mutate(bytes, using: &generator)
      }
      guard bytes != Array(token.utf8) else { continue }
      tried += 1
      let mutated = String(decoding: bytes, as: UTF8.self)
      let code = Fixtures.outcome { () throws(VerificationError) in
        try verifier.verify(mutated, kind: kind)
      }
      guard let code else {
        Issue.record("mutation \(tried) of the \(kind) verified: \(mutated)")
        continue
      }
      refusals[code, default: 0] += 1
    }
    #expect(tried == 10_000)
    // The mutations reach every layer: parsing, header, chain, signature.
    #expect(refusals[.malformed, default: 0] > 0)
    #expect(refusals[.invalidSignature, default: 0] > 0)
  }
}
