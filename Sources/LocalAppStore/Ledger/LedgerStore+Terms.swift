package import Foundation
import StoreModel

/// The terms a purchase or a renewal goes by beyond the catalog, one row each (schema 9, which
/// moved them out of JSON values of `meta` that every change rewrote whole): prices set while
/// running, pending price increases, renewal extensions, the nonces offer signatures spent,
/// and which Ask to Buy requests are interrupted purchases.
extension LedgerStore {
  /// The tables of schema 9 (``migrations``' `state-tables`).
  static let termsTables = """
    CREATE TABLE IF NOT EXISTS price_overrides(
      product_id TEXT PRIMARY KEY, price_milliunits INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS price_increases(
      original_id INTEGER PRIMARY KEY, price_milliunits INTEGER NOT NULL, agreed INTEGER);
    CREATE TABLE IF NOT EXISTS renewal_extensions(
      original_id INTEGER NOT NULL, extended_ms INTEGER NOT NULL);
    CREATE INDEX IF NOT EXISTS renewal_extensions_subscription
      ON renewal_extensions(original_id, extended_ms);
    CREATE TABLE IF NOT EXISTS offer_nonces(
      nonce TEXT PRIMARY KEY, used_ms INTEGER NOT NULL) WITHOUT ROWID;
    CREATE TABLE IF NOT EXISTS interrupted_requests(id INTEGER PRIMARY KEY);
    """

  /// Empties the tables of ``termsTables`` (a reset).
  static let wipeTerms = """
    DELETE FROM price_overrides; DELETE FROM price_increases; DELETE FROM renewal_extensions;
    DELETE FROM offer_nonces; DELETE FROM interrupted_requests;
    """

  // MARK: - Prices

  /// The price of `productID` set while running, in milli-units, if any.
  package func priceOverride(of productID: String) throws(LocalAppStoreError) -> Int64? {
    try database.scalar(
      "SELECT price_milliunits FROM price_overrides WHERE product_id = ?", [.text(productID)])?
      .integer
  }

  /// Sets the price of `productID` to `milliunits` from now on.
  package func setPriceOverride(_ milliunits: Int64, of productID: String)
    throws(LocalAppStoreError)
  {
    try database.query(
      """
      INSERT INTO price_overrides(product_id, price_milliunits) VALUES(?, ?)
      ON CONFLICT(product_id) DO UPDATE SET price_milliunits = excluded.price_milliunits
      """, [.text(productID), .integer(milliunits)])
  }

  // MARK: - Price increases

  /// Every pending price increase, by original transaction identifier.
  package func priceIncreases() throws(LocalAppStoreError) -> [UInt64: Pricing.Increase] {
    var increases: [UInt64: Pricing.Increase] = [:]
    for row in try database.query(
      "SELECT original_id, price_milliunits, agreed FROM price_increases")
    {
      increases[UInt64(bitPattern: row[0].integer ?? 0)] = Self.increase(row)
    }
    return increases
  }

  /// The pending price increase of subscription `originalID`, if any.
  package func priceIncrease(of originalID: UInt64) throws(LocalAppStoreError) -> Pricing.Increase?
  {
    try database.query(
      "SELECT original_id, price_milliunits, agreed FROM price_increases WHERE original_id = ?",
      [.integer(Int64(bitPattern: originalID))]
    ).first.map(Self.increase)
  }

  /// Sets the pending price increase of subscription `originalID`, or removes it (`nil`).
  package func setPriceIncrease(_ increase: Pricing.Increase?, of originalID: UInt64)
    throws(LocalAppStoreError)
  {
    let id = SQLiteDatabase.Value.integer(Int64(bitPattern: originalID))
    guard let increase else {
      try database.query("DELETE FROM price_increases WHERE original_id = ?", [id])
      return
    }
    try database.query(
      """
      INSERT INTO price_increases(original_id, price_milliunits, agreed) VALUES(?, ?, ?)
      ON CONFLICT(original_id) DO UPDATE
        SET price_milliunits = excluded.price_milliunits, agreed = excluded.agreed
      """,
      [
        id, .integer(increase.priceMilliunits),
        increase.agreed.map { .integer($0 ? 1 : 0) } ?? .null,
      ])
  }

  private static func increase(_ row: [SQLiteDatabase.Value]) -> Pricing.Increase {
    Pricing.Increase(
      priceMilliunits: row[1].integer ?? 0, agreed: row[2].integer.map { $0 == 1 })
  }

  // MARK: - Renewal extensions

  /// When subscription `originalID`'s renewal date was extended, oldest first.
  package func renewalExtensions(of originalID: UInt64) throws(LocalAppStoreError) -> [Date] {
    try database.query(
      "SELECT extended_ms FROM renewal_extensions WHERE original_id = ? ORDER BY extended_ms",
      [.integer(Int64(bitPattern: originalID))]
    ).map { AppStoreJSON.date(milliseconds: $0[0].integer ?? 0) }
  }

  /// Records that subscription `originalID`'s renewal date was extended at `date`.
  package func addRenewalExtension(of originalID: UInt64, at date: Date) throws(LocalAppStoreError)
  {
    try database.query(
      "INSERT INTO renewal_extensions(original_id, extended_ms) VALUES(?, ?)",
      [.integer(Int64(bitPattern: originalID)), .integer(AppStoreJSON.milliseconds(date))])
  }

  // MARK: - Offer nonces

  /// Whether `nonce` was spent at or after `oldest`.
  package func isNonceSpent(_ nonce: String, since oldest: Date) throws(LocalAppStoreError) -> Bool
  {
    try database.scalar(
      "SELECT 1 FROM offer_nonces WHERE nonce = ? AND used_ms >= ?",
      [.text(nonce), .integer(AppStoreJSON.milliseconds(oldest))]) != nil
  }

  /// Records `nonces` as spent at `date`, and forgets those spent before `oldest`.
  package func spendNonces(_ nonces: [String], at date: Date, forgettingBefore oldest: Date)
    throws(LocalAppStoreError)
  {
    try database.query(
      "DELETE FROM offer_nonces WHERE used_ms < ?", [.integer(AppStoreJSON.milliseconds(oldest))])
    for nonce in nonces {
      try database.query(
        """
        INSERT INTO offer_nonces(nonce, used_ms) VALUES(?, ?)
        ON CONFLICT(nonce) DO UPDATE SET used_ms = excluded.used_ms
        """, [.text(nonce), .integer(AppStoreJSON.milliseconds(date))])
    }
  }

  // MARK: - Interrupted purchases

  /// Marks request `id` as an interrupted purchase, or no longer one.
  package func setInterrupted(_ interrupted: Bool, request id: UInt64) throws(LocalAppStoreError) {
    let value = SQLiteDatabase.Value.integer(Int64(bitPattern: id))
    try database.query(
      interrupted
        ? "INSERT OR IGNORE INTO interrupted_requests(id) VALUES(?)"
        : "DELETE FROM interrupted_requests WHERE id = ?", [value])
  }

  /// The requests that are interrupted purchases.
  package func interruptedRequests() throws(LocalAppStoreError) -> Set<UInt64> {
    Set(
      try database.query("SELECT id FROM interrupted_requests").map {
        UInt64(bitPattern: $0[0].integer ?? 0)
      })
  }

  // MARK: - Schema 9

  /// Creates the tables and moves into them what the `meta` values of schema 8 and older held,
  /// removing those values.
  func addTermsTables() throws(LocalAppStoreError) {
    try database.execute(Self.termsTables)
    for (productID, milliunits) in try readIfPresent(.legacyPriceOverrides) ?? [:] {
      try setPriceOverride(milliunits, of: productID)
    }
    for (originalID, increase) in try readIfPresent(.legacyPriceIncreases) ?? [:] {
      try setPriceIncrease(increase, of: originalID)
    }
    for (originalID, dates) in try readIfPresent(.legacyRenewalExtensions) ?? [:] {
      for date in dates { try addRenewalExtension(of: originalID, at: date) }
    }
    for (nonce, milliseconds) in try readIfPresent(.legacyOfferNonces) ?? [:] {
      try spendNonces(
        [nonce], at: AppStoreJSON.date(milliseconds: milliseconds), forgettingBefore: .distantPast)
    }
    for id in try readIfPresent(.legacyInterruptedRequests) ?? [] {
      try setInterrupted(true, request: id)
    }
    try database.execute(
      """
      DELETE FROM meta WHERE key IN
        ('priceOverrides', 'priceIncreases', 'renewalExtensions', 'offerNonces',
         'interruptedRequests');
      """)
  }
}

/// The `meta` values schema 9 moved into tables, read once by its migration.
extension MetaKey where Value == [String: Int64] {
  fileprivate static var legacyPriceOverrides: Self { Self(name: "priceOverrides", absent: [:]) }
  fileprivate static var legacyOfferNonces: Self { Self(name: "offerNonces", absent: [:]) }
}

extension MetaKey where Value == [UInt64: Pricing.Increase] {
  fileprivate static var legacyPriceIncreases: Self {
    Self(name: "priceIncreases", absent: [:])
  }
}

extension MetaKey where Value == [UInt64: [Date]] {
  fileprivate static var legacyRenewalExtensions: Self {
    Self(name: "renewalExtensions", absent: [:])
  }
}

extension MetaKey where Value == Set<UInt64> {
  fileprivate static var legacyInterruptedRequests: Self {
    Self(name: "interruptedRequests", absent: [])
  }
}
