import Foundation
import LocalAppStore
import StoreModel

/// What the emulator commands share: opening the state, the account, and text formats.
enum Emulator {
  /// The OPTIONS section of an emulator command's help: its own options, then `--account` (for
  /// a command that acts as a customer), `--state` and `--json`.
  ///
  /// A help text of several lines continues under the first, aligned.
  static func optionsSection(_ own: [OptionSpec] = [], perAccount: Bool) -> String {
    OptionSpec.helpSection(own + globalOptions(perAccount: perAccount))
  }

  /// The global options an emulator command lists: `--account` (for a command that acts as a
  /// customer), `--state` and `--json`.
  static func globalOptions(perAccount: Bool) -> [OptionSpec] {
    (perAccount ? [account] : []) + [.state, .json()]
  }

  /// `--account NAME` as the emulator commands explain it.
  static let account = OptionSpec.account(
    "act as this customer (default: purchaser; family members by name)")

  /// The account of `--account`, else the purchaser.
  /// - Throws: ``CLIError/usage(_:)`` for an empty name.
  static func account(_ arguments: ParsedArguments) throws(CLIError) -> String {
    guard let name = arguments.value("account") else { return LocalAppStore.purchaser }
    guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw .usage("--account needs a customer's name")
    }
    return name
  }

  /// Refuses `--account` for `command`, which acts on the whole store.
  static func rejectAccount(_ arguments: ParsedArguments, _ command: String) throws(CLIError) {
    guard arguments.value("account") == nil else {
      throw .usage("--account does not apply to \(command): it acts on the whole store")
    }
  }

  /// Opens the state of `--state` as the account of `--account`, on the state's stored time;
  /// ``LocalAppStore/Access/readOnly`` for a command that only reads.
  static func open(
    _ arguments: ParsedArguments, _ context: CommandContext,
    access: LocalAppStore.Access = .readWrite
  ) throws(CLIError) -> LocalAppStore {
    let path = context.statePath(arguments)
    let account = try account(arguments)
    do {
      return try LocalAppStore(
        openingStateAt: path, time: .stored, account: account, access: access)
    } catch {
      throw .failure(error.reason)
    }
  }

  /// Opens the state of `--state` for `command`, which acts on the whole store: `--account`
  /// is refused.
  static func openStore(_ arguments: ParsedArguments, _ context: CommandContext, _ command: String)
    throws(CLIError) -> LocalAppStore
  {
    try rejectAccount(arguments, command)
    return try open(arguments, context)
  }

  /// Notes on standard error when `store`'s account never used the store (a mistyped
  /// `--account`), so that an empty answer is not taken for the customer's.
  static func noteUnknownAccount(_ store: LocalAppStore, _ context: CommandContext) async {
    guard let known = try? await store.accounts(), !known.contains(store.account) else { return }
    context.err("note: no customer named '\(store.account)' has used this store yet")
  }

  /// Runs a store control, turning its error into the tool's.
  static func perform<T>(_ body: () async throws(LocalAppStoreError) -> T) async throws(CLIError)
    -> T
  {
    do {
      return try await body()
    } catch {
      throw .failure(error.reason)
    }
  }

  /// Exactly one positional argument, `what` (with its article: "a product identifier").
  static func single(_ arguments: ParsedArguments, _ what: String) throws(CLIError) -> String {
    let count = arguments.positionals.count
    guard count == 1 else {
      throw .usage(
        count == 0
          ? "expected \(what)"
          : "expected \(what), got \(count) arguments: "
            + arguments.positionals.joined(separator: " "))
    }
    return arguments.positionals[0]
  }

  /// A transaction identifier argument.
  static func transactionID(_ arguments: ParsedArguments) throws(CLIError) -> UInt64 {
    try identifier(arguments, "a transaction identifier")
  }

  /// An Ask to Buy request identifier argument.
  static func requestID(_ arguments: ParsedArguments) throws(CLIError) -> UInt64 {
    try identifier(arguments, "a request identifier")
  }

  private static func identifier(_ arguments: ParsedArguments, _ what: String) throws(CLIError)
    -> UInt64
  {
    let text = try single(arguments, what)
    guard let id = UInt64(text) else {
      throw .usage("'\(text)' is not \(what) (digits)")
    }
    return id
  }

  /// `on` or `off`.
  static func switchValue(_ arguments: ParsedArguments) throws(CLIError) -> Bool {
    let text = try single(arguments, "on or off")
    switch text.lowercased() {
    case "on", "true", "yes", "1": return true
    case "off", "false", "no", "0": return false
    default: throw .usage("expected on or off, got '\(text)'")
    }
  }

  /// A date as `2026-02-01T00:00:00Z`.
  static func format(_ date: Date?) -> String {
    guard let date else { return "-" }
    return date.formatted(.iso8601)
  }

  /// One line of a transaction for people.
  static func describe(_ transaction: Transaction) -> String {
    var parts = [
      "#\(transaction.id)", transaction.productID,
      transaction.reason?.rawValue.lowercased() ?? "purchase",
      "purchased \(format(transaction.purchaseDate))",
    ]
    if let expiration = transaction.expirationDate { parts.append("expires \(format(expiration))") }
    if transaction.originalID != transaction.id {
      parts.append("original #\(transaction.originalID)")
    }
    if transaction.ownershipType == .familyShared { parts.append("family shared") }
    if transaction.isUpgraded { parts.append("upgraded") }
    if let revocation = transaction.revocationDate {
      parts.append("revoked \(format(revocation))")
    }
    return parts.joined(separator: "  ")
  }

  /// ` UNVERIFIED (reason)` for a result that did not verify, else nothing.
  static func verificationMark(_ result: VerificationResult<Transaction>) -> String {
    guard let error = result.verificationError else { return "" }
    return "  UNVERIFIED (\(error))"
  }

  /// A transaction as the JSON outputs show it: the App Store's payload plus the token.
  struct TransactionOutput: Encodable {
    var verified: Bool
    var verificationError: String?
    var transaction: TransactionFields
    var jws: String?

    init(_ result: VerificationResult<Transaction>, includeJWS: Bool = false) {
      verified = result.isVerified
      verificationError = result.verificationError?.description
      transaction = TransactionFields(result.unsafePayloadValue)
      jws = includeJWS ? result.jwsRepresentation : nil
    }
  }

  /// The fields of a transaction under StoreKit's Swift names, dates in ISO 8601.
  struct TransactionFields: Encodable {
    var id: UInt64
    var originalID: UInt64
    var productID: String
    var productType: String
    var reason: String?
    var purchaseDate: Date
    var originalPurchaseDate: Date?
    var expirationDate: Date?
    var ownershipType: String
    var isUpgraded: Bool
    var revocationDate: Date?
    var revocationReason: Int?
    var revocationType: String?
    var offerType: Int?
    var price: Int64?
    var currency: String?
    var appAccountToken: UUID?
    var environment: String?

    init(_ transaction: Transaction) {
      id = transaction.id
      originalID = transaction.originalID
      productID = transaction.productID
      productType = transaction.productType.rawValue
      reason = transaction.reason?.rawValue
      purchaseDate = transaction.purchaseDate
      originalPurchaseDate = transaction.originalPurchaseDate
      expirationDate = transaction.expirationDate
      ownershipType = transaction.ownershipType.rawValue
      isUpgraded = transaction.isUpgraded
      revocationDate = transaction.revocationDate
      revocationReason = transaction.revocationReason?.rawValue
      revocationType = transaction.revocationType?.rawValue
      offerType = transaction.offerType?.rawValue
      price = transaction.priceMilliunits
      currency = transaction.currency
      appAccountToken = transaction.appAccountToken
      environment = transaction.environment?.rawValue
    }
  }
}
