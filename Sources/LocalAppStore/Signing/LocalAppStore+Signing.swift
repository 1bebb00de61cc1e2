import Foundation
import StoreModel

extension LocalAppStore {
  /// A new certificate authority for a new state, valid for all of ``supportedDates``.
  static func makeAuthority(settings: EmulatorSettings, clock: any WallClock)
    throws(LocalAppStoreError) -> any SigningAuthority
  {
    try CertificateAuthoritySigner.random(
      bundleID: settings.bundleID, validity: supportedDates, clock: clock)
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

  /// Signs `transaction` as of `now` and verifies the token as an app would.
  ///
  /// An armed `verification` fault signs with another certificate authority (a whole foreign
  /// chain the verifier does not trust), a `tamper` fault alters the payload after signing:
  /// either way the verifier, not a flag, rejects it.
  func signed(_ transaction: Transaction, now: Date) throws(LocalAppStoreError)
    -> VerificationResult<Transaction>
  {
    var transaction = transaction
    transaction.signedDate = now
    transaction.environment = signingEnvironment
    transaction.jwsRepresentation = ""
    let jws = try sign(authority.signer.encode(transaction)) { () throws(LocalAppStoreError) in
      var altered = transaction
      altered.expirationDate = (transaction.expirationDate ?? now).addingTimeInterval(
        365 * 86_400)
      altered.priceMilliunits = 0
      return authority.signer.encode(altered)
    }
    signingCosts.verifications += 1
    return authority.verifyTransaction(jws)
  }

  /// Signs the transaction a purchase hands back; unless a `verification` or `tamper` fault
  /// was armed, a token that does not verify is the store's own failure (its certificate
  /// authority does not hold at `now`): it throws, so that the purchase's SQLite transaction
  /// rolls back and nothing is recorded.
  func signedPurchase(_ transaction: Transaction, now: Date) throws(LocalAppStoreError)
    -> VerificationResult<Transaction>
  {
    let faulted = try ledger.faults().keys.contains { $0 == .verification || $0 == .tamper }
    let result = try signed(transaction, now: now)
    if !faulted, let error = result.verificationError {
      throw LocalAppStoreError(
        .signing,
        "the store's own signature on transaction \(transaction.id) does not verify at "
          + "\(now.formatted(.iso8601)) (\(error)); nothing was recorded")
    }
    return result
  }

  /// Signs renewal info and verifies it as an app would.
  func signed(_ info: RenewalInfo) throws(LocalAppStoreError) -> VerificationResult<RenewalInfo> {
    var info = info
    info.environment = signingEnvironment
    info.jwsRepresentation = ""
    let jws = try sign(authority.signer.encode(info)) { () throws(LocalAppStoreError) in
      var altered = info
      altered.willAutoRenew.toggle()
      return authority.signer.encode(altered)
    }
    signingCosts.verifications += 1
    return authority.verifyRenewalInfo(jws)
  }

  /// `appTransaction` signed in the store's environment, then verified as a device does.
  func signed(_ appTransaction: AppTransaction) throws(LocalAppStoreError)
    -> VerificationResult<AppTransaction>
  {
    var app = appTransaction
    app.environment = signingEnvironment
    let jws = try sign(try authority.signer.encode(app)) { () throws(LocalAppStoreError) in
      var altered = app
      altered.bundleID += ".altered"
      return try authority.signer.encode(altered)
    }
    signingCosts.verifications += 1
    return authority.verifyAppTransaction(jws)
  }

  private func sign(_ payload: Data, tampered: () throws(LocalAppStoreError) -> Data)
    throws(LocalAppStoreError) -> String
  {
    switch try consumeFault([.verification, .tamper]) {
    case .verification?:
      signingCosts.signatures += 1
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

  /// `payload` signed into a compact JWS with the store's authority, counted in
  /// ``operationCosts``; within one operation, the same payload is signed once.
  func signature(over payload: Data) throws(LocalAppStoreError) -> String {
    let key = String(decoding: payload, as: UTF8.self)
    if let signed = signedInOperation[key] { return signed }
    signingCosts.signatures += 1
    let signed = try authority.signer.sign(payloadJSON: payload)
    signedInOperation[key] = signed
    return signed
  }

  static func base64URL(_ bytes: Data) -> String {
    var text = Data(bytes).base64EncodedString()
    text = text.replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
    while text.hasSuffix("=") { text.removeLast() }
    return text
  }
}
