package import Foundation
package import StoreModel

/// What Apple's App Store servers know, for the App Store Server API (`LocalAppStoreServer`):
/// every account's transactions at once, with no device between (no listing lag, no unsynced
/// purchase hidden, finished consumables kept), signed in the environment the state signs as.
///
/// The API's own rules (paging, filters, error codes) live in `LocalAppStoreServer`; these are
/// the reads and the three writes it needs that no command had: setting an app account token,
/// finishing a transaction on the server, and the order a transaction was charged in.
extension LocalAppStore {
  /// One transaction as the App Store's servers hold it.
  package struct ServerRecord: Sendable, Hashable {
    /// The transaction as stored (unsigned).
    package var transaction: Transaction
    /// The customer whose transaction it is.
    package var account: String
    /// Whether the app finished it.
    package var isFinished: Bool
    /// Whether it is a family member's copy of another's purchase.
    package var isFamilyCopy: Bool
    /// Its place in the store's order of changes: the sequence of its last change (a purchase,
    /// a refund, an upgrade), 0 when none was recorded. History is sorted by it (Apple's
    /// "recently modified date"), ties by identifier.
    package var modified: Int64
  }

  /// The whole store as its servers see it at the store's time.
  package struct ServerView: Sendable {
    /// The environment everything is signed in.
    package var environment: AppStoreEnvironment
    package var bundleID: String
    /// The app's Apple ID (Production only, as Apple sends it).
    package var appAppleID: UInt64?
    /// The store's time.
    package var now: Date
    /// Every transaction of every account, by identifier.
    package var records: [ServerRecord]
  }

  /// A subscription group's statuses for "Get All Subscription Statuses": each entry's state
  /// (1 active … 5 revoked), its latest transaction and renewal info signed.
  package struct ServerGroupStatus: Sendable {
    package struct Entry: Sendable {
      package var status: Int
      package var originalTransactionID: UInt64
      package var signedTransactionInfo: String
      package var signedRenewalInfo: String
    }
    package var groupID: String
    package var entries: [Entry]
  }

  /// Every account's transactions, read in one read-only transaction.
  package func serverView() throws(LocalAppStoreError) -> ServerView {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let settings = try currentSettings()
      let modified = try ledger.lastChanges()
      let records = try ledger.allTransactions().map {
        ServerRecord(
          transaction: $0.transaction, account: $0.account, isFinished: $0.finished,
          isFamilyCopy: $0.sourceID != nil, modified: modified[$0.transaction.id] ?? 0)
      }
      return ServerView(
        environment: settings.environment, bundleID: settings.bundleID,
        appAppleID: settings.environment == .production ? settings.appAppleID : nil, now: now,
        records: records)
    }
  }

  /// `transactions` signed at the store's time in its environment (`signedTransactionInfo`).
  package func serverSigned(_ transactions: [Transaction]) throws(LocalAppStoreError) -> [String] {
    try operation { (now: Date) throws(LocalAppStoreError) in
      var signed: [String] = []
      signed.reserveCapacity(transactions.count)
      for var transaction in transactions {
        transaction.signedDate = now
        transaction.environment = signing.environment
        transaction.jwsRepresentation = ""
        signed.append(try signing.serverSignature(over: authority.signer.encode(transaction)))
      }
      return signed
    }
  }

  /// Get Transaction Info's read: the transaction `id`, of any account, signed at the store's
  /// time in its environment; `nil` when the store has none. One lookup by identifier, where
  /// ``serverView()`` reads every transaction.
  package func serverSignedTransaction(_ id: UInt64) throws(LocalAppStoreError) -> String? {
    try operation { (now: Date) throws(LocalAppStoreError) in
      guard var transaction = try ledger.transaction(id)?.transaction else { return nil }
      transaction.signedDate = now
      transaction.environment = signing.environment
      transaction.jwsRepresentation = ""
      return try signing.serverSignature(over: authority.signer.encode(transaction))
    }
  }

  /// The statuses of every subscription group `account` has, for "Get All Subscription
  /// Statuses": purchased and family-shared alike, each signed.
  package func serverStatuses(account: String) throws(LocalAppStoreError) -> [ServerGroupStatus] {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let purchases = try purchaseLedger(account: account, now: now, includingUnsynced: true)
      let groups = Set(try ledger.subscriptions(of: account).map(\.groupID)).sorted()
      var result: [ServerGroupStatus] = []
      for group in groups {
        var entries: [ServerGroupStatus.Entry] = []
        for status in device.engine.statuses(ofGroup: group, in: purchases, at: now) {
          var transaction = status.transaction
          transaction.signedDate = now
          transaction.environment = signing.environment
          transaction.jwsRepresentation = ""
          var info =
            status.renewalInfo
            ?? purchases.renewalInfos.first {
              $0.originalTransactionID == status.transaction.originalID
            }
          info?.environment = signing.environment
          info?.jwsRepresentation = ""
          var signedInfo = ""
          if let info {
            signedInfo = try signing.serverSignature(over: authority.signer.encode(info))
          }
          entries.append(
            .init(
              status: status.state.rawValue, originalTransactionID: transaction.originalID,
              signedTransactionInfo: try signing.serverSignature(
                over: authority.signer.encode(transaction)),
              signedRenewalInfo: signedInfo))
        }
        result.append(ServerGroupStatus(groupID: group, entries: entries))
      }
      return result
    }
  }

  /// `account`'s app transaction, signed (`signedAppTransactionInfo`).
  package func serverAppTransaction(account: String) throws(LocalAppStoreError) -> String {
    do {
      return try appTransaction(account: account, forDevice: false).jwsRepresentation
    } catch {
      throw LocalAppStoreError(.invalidState, "the app transaction of \(account): \(error)")
    }
  }

  /// Sets the app account token of the subscription or purchase whose original transaction is
  /// `originalTransactionID`: "Set App Account Token" ("The App Store applies the token to the
  /// original transaction and all of its renewals" — Apple's `appAccountToken` request page):
  /// every transaction of that original identifier in the purchaser's account, and the
  /// subscription's record, so renewals carry it.
  /// - Throws: `notFound` for no such transaction; `notAllowed` for a transaction that is not
  ///   an original one, or a family member's copy.
  package func setAppAccountToken(_ token: UUID, originalTransactionID: UInt64)
    throws(LocalAppStoreError)
  {
    try operation { (_: Date) throws(LocalAppStoreError) in
      guard let stored = try ledger.transaction(originalTransactionID) else {
        throw LocalAppStoreError(.notFound, "no transaction \(originalTransactionID)")
      }
      guard stored.sourceID == nil else {
        throw LocalAppStoreError(
          .notAllowed, "transaction \(originalTransactionID) is a family-shared copy")
      }
      guard stored.transaction.originalID == originalTransactionID else {
        throw LocalAppStoreError(
          .invalidArgument,
          "transaction \(originalTransactionID) is not an original transaction (its original is "
            + "\(stored.transaction.originalID))")
      }
      for each in try ledger.purchasedTransactions(ofOriginal: originalTransactionID) {
        var changed = each.transaction
        changed.appAccountToken = token
        let revision = try ledger.update(changed)
        try ledger.appendUpdate(
          account: each.account, transactionID: changed.id, revision: revision)
      }
      for var record in try ledger.subscriptions(of: stored.account)
      where record.originalID == originalTransactionID {
        record.appAccountToken = token
        try ledger.save(record)
      }
    }
  }

  /// Marks transaction `transactionID` finished, as "Finish Transaction" does on the server.
  /// - Throws: `notFound` for no such transaction.
  package func finishOnServer(transactionID: UInt64) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      guard try ledger.transaction(transactionID) != nil else {
        throw LocalAppStoreError(.notFound, "no transaction \(transactionID)")
      }
      try ledger.setFinished(transactionID)
    }
  }

  /// SQLite's `data_version` of the store's connection: it changes when another connection
  /// (another process) commits to the state, so a long-lived reader knows to open it afresh
  /// (what it loaded at opening — the catalog, the signing root — may have been replaced).
  package func dataVersion() throws(LocalAppStoreError) -> Int64 {
    try ledger.exclusively { () throws(LocalAppStoreError) in
      try ledger.dataVersion()
    }
  }

  /// The order ID of the charge `transactionID` was: an App Store order ID's shape (letters and
  /// digits; Apple's receipts show ones like `MK5TTTVWJH`), one per charge, derived from the
  /// identifier so that no column is needed and ``transactionID(ofOrder:)`` reverses it.
  package static func orderID(of transactionID: UInt64) -> String {
    var value = (transactionID &* orderMultiplier) & orderMask
    var characters: [Character] = []
    for _ in 0..<orderLength {
      characters.append(orderAlphabet[Int(value & 31)])
      value >>= 5
    }
    return "M" + String(characters.reversed())
  }

  /// The transaction whose charge `orderID` is, or `nil` when it is not one of this store's
  /// shape.
  package static func transactionID(ofOrder orderID: String) -> UInt64? {
    guard orderID.count == orderLength + 1, orderID.first == "M" else { return nil }
    var value: UInt64 = 0
    for character in orderID.dropFirst() {
      guard let digit = orderAlphabet.firstIndex(of: character) else { return nil }
      value = value << 5 | UInt64(digit)
    }
    return (value &* orderInverse) & orderMask
  }

  /// Crockford's base 32 (no I, L, O, U).
  private static let orderAlphabet = Array("0123456789ABCDEFGHJKMNPQRSTVWXYZ")
  private static let orderLength = 11
  private static let orderMask: UInt64 = (1 << 55) - 1
  /// An odd multiplier and its inverse modulo 2^55: a bijection of the identifiers.
  private static let orderMultiplier: UInt64 = 0x0035_2F7A_9D3B_1C45
  private static let orderInverse: UInt64 = {
    // Newton's iteration for the inverse of an odd number modulo 2^64.
    var inverse = orderMultiplier
    for _ in 0..<5 { inverse = inverse &* (2 &- orderMultiplier &* inverse) }
    return inverse
  }()
}

// MARK: - API keys

extension LocalAppStore {
  /// A key the App Store Server API accepts: App Store Connect's "In-App Purchase" key, of
  /// which the state keeps only the public half.
  package struct APIKeyRecord: Sendable, Hashable, Codable {
    /// App Store Connect's key ID (`kid`), 10 characters there.
    package var keyID: String
    /// The issuer ID (`iss`), the team's UUID there.
    package var issuerID: String
    /// The public key, a DER SubjectPublicKeyInfo in standard base64.
    package var publicKey: String
    /// Whether the store made it (`api-key`) or a developer registered their own.
    package var isGenerated: Bool

    package init(keyID: String, issuerID: String, publicKey: String, isGenerated: Bool) {
      self.keyID = keyID
      self.issuerID = issuerID
      self.publicKey = publicKey
      self.isGenerated = isGenerated
    }
  }

  /// The registered API keys, oldest first.
  package func apiKeys() throws(LocalAppStoreError) -> [APIKeyRecord] {
    try operation { (_: Date) throws(LocalAppStoreError) in try storedAPIKeys() }
  }

  /// Registers `key`, replacing one of the same key ID.
  package func registerAPIKey(_ key: APIKeyRecord) throws(LocalAppStoreError) {
    guard !key.keyID.isEmpty, !key.issuerID.isEmpty else {
      throw LocalAppStoreError(.invalidArgument, "an API key needs a key ID and an issuer ID")
    }
    try operation { (_: Date) throws(LocalAppStoreError) in
      var keys = try storedAPIKeys().filter { $0.keyID != key.keyID }
      keys.append(key)
      try ledger.write(keys, to: .apiKeys)
    }
  }

  private func storedAPIKeys() throws(LocalAppStoreError) -> [APIKeyRecord] {
    try ledger.read(.apiKeys)
  }

  /// The settings the API answers with (bundle ID, app Apple ID, environment).
  package func serverSettings() throws(LocalAppStoreError) -> EmulatorSettings {
    try operation { (_: Date) throws(LocalAppStoreError) in try currentSettings() }
  }
}

// MARK: - Faults of the API

extension LocalAppStore {
  /// The App Store Server API endpoints armed to answer `5000001` (GeneralInternalRetryable),
  /// by endpoint name: `true` for every request, `false` for the next one only.
  package func serverFaults() throws(LocalAppStoreError) -> [String: Bool] {
    try operation { (_: Date) throws(LocalAppStoreError) in try controls.serverFaults() }
  }

  /// Arms `endpoint` to fail once, or every time when `sticky`; `nil` for `sticky` disarms it.
  package func setServerFault(_ endpoint: String, sticky: Bool?) throws(LocalAppStoreError) {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try controls.setServerFault(endpoint, sticky: sticky)
    }
  }

  /// Whether `endpoint` is armed to fail now; a one-shot fault is disarmed by answering.
  package func consumeServerFault(_ endpoint: String) throws(LocalAppStoreError) -> Bool {
    try operation { (_: Date) throws(LocalAppStoreError) in
      try controls.takeServerFault(endpoint)
    }
  }
}

// MARK: - The Transaction Manager (`serve`'s page)

extension LocalAppStore {
  /// What the Transaction Manager's list asks for: all optional but the page's size.
  package struct TransactionFilter: Sendable, Hashable {
    package var account: String?
    package var productID: String?
    /// A product type as the payload spells it (`Auto-Renewable Subscription`).
    package var type: String?
    /// Text the transaction's payload contains, or its identifier.
    package var text: String?
    /// Only transactions older than this one (the previous page's last).
    package var before: UInt64?
    package var limit: Int

    package init(
      account: String? = nil, productID: String? = nil, type: String? = nil,
      text: String? = nil, before: UInt64? = nil, limit: Int = 50
    ) {
      self.account = account
      self.productID = productID
      self.type = type
      self.text = text
      self.before = before
      self.limit = limit
    }
  }

  /// One page of the Transaction Manager's list.
  package struct TransactionPage: Sendable {
    /// Newest first.
    package var records: [ServerRecord]
    /// How many transactions meet the filter, on every page.
    package var total: Int
    /// The renewal state of the subscriptions the page's transactions belong to.
    package var subscriptions: [SubscriptionSummary]
    /// The store's time.
    package var now: Date
  }

  /// Where a subscription is in its life, for the Transaction Manager's state column.
  package struct SubscriptionSummary: Sendable, Hashable {
    package var account: String
    package var originalID: UInt64
    /// `active`, `billingRetry`, `expired` or `revoked`.
    package var phase: String
    /// The end of the current paid period.
    package var expirationDate: Date
    /// While in billing retry with a grace period: when it ends.
    package var gracePeriodEndDate: Date?
  }

  /// A page of every account's transactions, newest first, and the count of those that meet
  /// `filter`: read by the primary key, so the first page of a store of 100,000 transactions
  /// reads as many rows as that of a store of 100.
  package func transactionPage(_ filter: TransactionFilter) throws(LocalAppStoreError)
    -> TransactionPage
  {
    try operation { (now: Date) throws(LocalAppStoreError) in
      let (rows, total) = try ledger.transactionPage(
        account: filter.account, productID: filter.productID, type: filter.type,
        text: filter.text, before: filter.before, limit: filter.limit)
      var subscriptions: [SubscriptionSummary] = []
      var seen: Set<String> = []
      for row in rows where row.transaction.productType == .autoRenewable {
        let key = "\(row.account) \(row.transaction.originalID)"
        guard seen.insert(key).inserted else { continue }
        if let record = try ledger.subscription(originalID: row.transaction.originalID),
          record.account == row.account
        {
          subscriptions.append(
            SubscriptionSummary(
              account: record.account, originalID: record.originalID,
              phase: record.phase.rawValue, expirationDate: record.expirationDate,
              gracePeriodEndDate: record.gracePeriodEndDate))
        }
      }
      return TransactionPage(
        records: rows.map {
          ServerRecord(
            transaction: $0.transaction, account: $0.account, isFinished: $0.finished,
            isFamilyCopy: $0.sourceID != nil, modified: 0)
        }, total: total, subscriptions: subscriptions, now: now)
    }
  }

  /// Writes a consistent copy of the state to a new file at `path` (the Transaction Manager's
  /// export): committed data only, under a read lock, so the store may be in use meanwhile.
  package func snapshotState(to path: String) throws(LocalAppStoreError) {
    try ledger.exclusively { () throws(LocalAppStoreError) in
      try ledger.snapshot(to: path)
    }
  }

  /// Replaces the state at `path` with the state in the file at `source` (the Transaction
  /// Manager's import), after `source` opened as a local App Store state of this build's
  /// schema or an older one and passed SQLite's check; otherwise nothing is written.
  /// Other connections, in this process or another, see the new state on their next read.
  /// - Throws: The errors of ``init(openingStateAt:time:account:access:)`` for `source`
  ///   (`notFound`, `stateUnreadable`, `foreignState`, `newerSchema`) or for `path`.
  package static func replaceState(at path: String, with source: String)
    throws(LocalAppStoreError)
  {
    let incoming = try LedgerStore(path: source, access: .readOnly)
    guard try incoming.isConfigured else {
      throw LocalAppStoreError(
        .notFound, "\(source) holds no local App Store (it was never reset); nothing changed")
    }
    let target = try LedgerStore(path: path, access: .readWrite)
    try target.replaceContents(with: incoming)
  }
}
