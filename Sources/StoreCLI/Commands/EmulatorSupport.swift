import Foundation
import LocalAppStore
import StoreModel

/// What the emulator commands share: opening the state, the account, and text formats.
enum Emulator {
  /// The options every emulator command shares besides the global ones.
  static let accountHelp = """
      --account NAME     act as this customer (default: purchaser; family members by name)
      --state PATH       the state file (default: $SPORTSTIME_STORE_STATE,
                         else .sportstime-store/state.sqlite)
      --json             machine-readable output
    """

  /// The account of `--account`, else the purchaser.
  static func account(_ arguments: ParsedArguments) -> String {
    arguments.value("account") ?? LocalAppStore.purchaser
  }

  /// Opens the state of `--state` as the account of `--account`, on the state's stored time.
  static func open(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError)
    -> LocalAppStore
  {
    let path = context.statePath(arguments)
    do {
      return try LocalAppStore(openingStateAt: path, time: .stored, account: account(arguments))
    } catch {
      throw .failure(error.reason)
    }
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

  /// Exactly one positional argument, named `what` in the error.
  static func single(_ arguments: ParsedArguments, _ what: String) throws(CLIError) -> String {
    guard arguments.positionals.count == 1 else {
      throw .usage(
        arguments.positionals.isEmpty
          ? "expected \(what)" : "expected one \(what), got \(arguments.positionals.count)")
    }
    return arguments.positionals[0]
  }

  /// A transaction identifier argument.
  static func transactionID(_ arguments: ParsedArguments) throws(CLIError) -> UInt64 {
    let text = try single(arguments, "a transaction identifier")
    guard let id = UInt64(text) else {
      throw .usage("'\(text)' is not a transaction identifier (digits)")
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
