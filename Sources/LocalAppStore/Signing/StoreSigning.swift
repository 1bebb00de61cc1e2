package import Foundation
package import StoreModel

/// The store's signing, a part of ``LocalAppStore`` with its own state: the certificate
/// authority, the environment everything is signed in, what the current operation and the
/// Server API have signed already, and what signing has cost.
///
/// Every token is verified with the authority's root before it is handed out, as a device
/// verifies it, so that an unverified result means the token genuinely fails: a `verification`
/// fault signs with a foreign authority, a `tamper` fault alters the payload after signing.
/// Which fault applies is the store's to say (its faults live in the ledger); this part only
/// carries it out.
package struct StoreSigning {
  /// The certificate authority whose leaf signs.
  let authority: any SigningAuthority
  /// The environment of everything signed (``EmulatorSettings/environment``), as the state had
  /// it at the start of the current operation.
  var environment: AppStoreEnvironment
  /// The signatures and verifications made so far (``LocalAppStore/operationCosts``).
  package private(set) var costs = OperationCosts()
  /// The tokens the current operation signed, by payload: a transaction handed back by a
  /// purchase and the same transaction inside its notification (the same bytes: the same
  /// `signedDate`) are signed once.
  private var inOperation: [Payload: String] = [:]
  /// The App Store Server API's signatures, by payload, kept from one request to the next: a
  /// payload carries the store's time as its `signedDate`, so the same bytes are asked for
  /// again only while that time stands still, and are then signed once.
  private var forServer: [Payload: String] = [:]
  /// At most this many Server API signatures are kept; then they are all forgotten, as the
  /// store's time has moved on.
  static let serverSignatureLimit = 4_096

  package init(authority: any SigningAuthority, environment: AppStoreEnvironment) {
    self.authority = authority
    self.environment = environment
  }

  /// Starts an operation in `environment`: nothing it signs was signed before it.
  package mutating func beginOperation(in environment: AppStoreEnvironment) {
    self.environment = environment
    inOperation = [:]
  }

  /// Ends the operation: its signatures are not kept past it.
  package mutating func endOperation() {
    inOperation = [:]
  }

  /// The transaction a purchase hands back, signed as ``signed(_:now:fault:)`` signs it. With
  /// no `verification` or `tamper` fault, a token that does not verify is the store's own
  /// failure (its certificate authority does not hold at `now`): it throws, so that the
  /// purchase's SQLite transaction rolls back and nothing is recorded.
  package mutating func signedPurchase(_ transaction: Transaction, now: Date, fault: Fault?)
    throws(LocalAppStoreError) -> VerificationResult<Transaction>
  {
    let result = try signed(transaction, now: now, fault: fault)
    if fault == nil, let error = result.verificationError {
      throw LocalAppStoreError(
        .signing,
        "the store's own signature on transaction \(transaction.id) does not verify at "
          + "\(now.formatted(.iso8601)) (\(error)); nothing was recorded")
    }
    return result
  }

  /// `transaction` signed as of `now` in ``environment``, then verified as an app would.
  package mutating func signed(_ transaction: Transaction, now: Date, fault: Fault?)
    throws(LocalAppStoreError) -> VerificationResult<Transaction>
  {
    var transaction = transaction
    transaction.signedDate = now
    transaction.environment = environment
    transaction.jwsRepresentation = ""
    let signer = authority.signer
    let jws = try sign(signer.encode(transaction), fault: fault) {
      var altered = transaction
      altered.expirationDate = (transaction.expirationDate ?? now).addingTimeInterval(
        365 * 86_400)
      altered.priceMilliunits = 0
      return signer.encode(altered)
    }
    costs.verifications += 1
    return authority.verifyTransaction(jws)
  }

  /// `info` signed in ``environment``, then verified as an app would.
  mutating func signed(_ info: RenewalInfo, fault: Fault?) throws(LocalAppStoreError)
    -> VerificationResult<RenewalInfo>
  {
    var info = info
    info.environment = environment
    info.jwsRepresentation = ""
    let signer = authority.signer
    let jws = try sign(signer.encode(info), fault: fault) {
      var altered = info
      altered.willAutoRenew.toggle()
      return signer.encode(altered)
    }
    costs.verifications += 1
    return authority.verifyRenewalInfo(jws)
  }

  /// `appTransaction` signed in ``environment``, then verified as a device does.
  mutating func signed(_ appTransaction: AppTransaction, fault: Fault?)
    throws(LocalAppStoreError) -> VerificationResult<AppTransaction>
  {
    var app = appTransaction
    app.environment = environment
    let signer = authority.signer
    let jws = try sign(try signer.encode(app), fault: fault) { () throws(LocalAppStoreError) in
      var altered = app
      altered.bundleID += ".altered"
      return try signer.encode(altered)
    }
    costs.verifications += 1
    return authority.verifyAppTransaction(jws)
  }

  /// `payload` signed into a compact JWS with the authority's leaf, counted in ``costs``;
  /// within one operation, the same payload is signed once.
  package mutating func signature(over payload: Data) throws(LocalAppStoreError) -> String {
    let key = Payload(bytes: payload)
    if let signed = inOperation[key] { return signed }
    costs.signatures += 1
    let signed = try authority.signer.sign(payloadJSON: payload)
    inOperation[key] = signed
    return signed
  }

  /// The signature over `payload` the Server API gave before, or a new one, kept for the next
  /// request (at most ``serverSignatureLimit``).
  package mutating func serverSignature(over payload: Data) throws(LocalAppStoreError) -> String {
    let key = Payload(bytes: payload)
    if let signed = forServer[key] { return signed }
    let signed = try signature(over: payload)
    if forServer.count >= Self.serverSignatureLimit { forServer.removeAll(keepingCapacity: true) }
    forServer[key] = signed
    return signed
  }

  /// `payload` signed as `fault` asks: with a foreign authority (`verification`), altered
  /// after signing to `tampered()` (`tamper`), or as it is.
  private mutating func sign(
    _ payload: Data, fault: Fault?, tampered: () throws(LocalAppStoreError) -> Data
  )
    throws(LocalAppStoreError) -> String
  {
    switch fault {
    case .verification?:
      costs.signatures += 1
      return try authority.signWithForeignAuthority(payload)
    case .tamper?:
      let jws = try signature(over: payload)
      let parts = jws.split(separator: ".", omittingEmptySubsequences: false)
      guard parts.count == 3 else { return jws }
      return "\(parts[0]).\(Self.base64URL(try tampered())).\(parts[2])"
    default:
      return try signature(over: payload)
    }
  }

  /// A payload as the key of what signed it: hashed over all its bytes, compared with
  /// `memcmp`.
  ///
  /// Not its `Data`, whose hash covers its count and at most its first 80 bytes
  /// (swift-foundation's `Data`: "At most, hash the first 80 bytes of this data"): the
  /// payloads of one operation share their first bytes and often their size, so every lookup
  /// compared them all (the state machine's property test spun for minutes, twice). Not its
  /// text either, which every signature made (kilobytes, for a notification) only to hash it.
  /// Its bytes are first folded 8 at a time into one word (multiplicative hashing by the
  /// golden ratio, after a rotation), which `Hasher` then hashes: SipHash over every byte of a
  /// notification was a twentieth of a renewal's time.
  ///
  /// The folded word is computed once, when the key is made: a signature looks its payload up
  /// and then stores it, and each hashed all the bytes again.
  private struct Payload: Hashable {
    let bytes: Data
    /// The bytes folded into one word.
    let folded: UInt64

    init(bytes: Data) {
      self.bytes = bytes
      folded = bytes.withUnsafeBytes { bytes in
        var folded = UInt64(bytes.count)
        func fold(_ word: UInt64) {
          folded = ((folded << 5 | folded >> 59) ^ word) &* 0x9E37_79B9_7F4A_7C15
        }
        var offset = 0
        while offset + 8 <= bytes.count {
          fold(bytes.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
          offset += 8
        }
        var rest: UInt64 = 0
        while offset < bytes.count {
          rest = rest << 8 | UInt64(bytes[offset])
          offset += 1
        }
        fold(rest)
        return folded
      }
    }

    func hash(into hasher: inout Hasher) {
      hasher.combine(folded)
    }

    static func == (first: Payload, second: Payload) -> Bool {
      guard first.folded == second.folded else { return false }
      return first.bytes.withUnsafeBytes { first in
        second.bytes.withUnsafeBytes { second in
          guard first.count == second.count else { return false }
          guard let one = first.baseAddress, let other = second.baseAddress else { return true }
          return memcmp(one, other, first.count) == 0
        }
      }
    }
  }

  static func base64URL(_ bytes: Data) -> String {
    var text = bytes.base64EncodedString()
    text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    while text.hasSuffix("=") { text.removeLast() }
    return text
  }

  // MARK: - The authority

  /// A new certificate authority for a new state, valid for all of `validity`.
  package static func makeAuthority(
    settings: EmulatorSettings, validity: DateInterval, clock: any WallClock
  )
    throws(LocalAppStoreError) -> any SigningAuthority
  {
    try CertificateAuthoritySigner.random(
      bundleID: settings.bundleID, validity: validity, clock: clock)
  }

  /// The authority kept in the state.
  static func loadAuthority(_ ledger: LedgerStore, clock: any WallClock) throws(LocalAppStoreError)
    -> any SigningAuthority
  {
    let settings = try ledger.read(.settings)
    guard let archive = try ledger.text(.authority) else {
      throw LocalAppStoreError(.invalidState, "\(ledger.path): the state has no authority")
    }
    return try CertificateAuthoritySigner.load(
      archive, bundleID: settings.bundleID, clock: clock, environment: settings.environment)
  }
}
