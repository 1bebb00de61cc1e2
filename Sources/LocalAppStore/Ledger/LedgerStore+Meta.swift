import StoreModel

/// The `meta` table: one row per ``MetaKey`` (JSON) or ``MetaText`` (plain text).
extension LedgerStore {
  /// The text of entry `key`, or `nil` when the state has none.
  func text(_ key: MetaText) throws(LocalAppStoreError) -> String? {
    try row(key.rawValue)
  }

  /// Sets entry `key` to `value`, or removes it when `value` is `nil`.
  func setText(_ value: String?, for key: MetaText) throws(LocalAppStoreError) {
    try setRow(key.rawValue, value)
  }

  /// Entry `key` decoded, or its ``MetaKey/absent`` value when the state has none.
  ///
  /// The settings, the launch markers and the pending price increases are read by nearly every
  /// operation, so a text decoded once is not decoded again (the cache is keyed by the key and
  /// the text itself).
  /// - Throws: `invalidState` when the entry does not decode, or is absent from a state that
  ///   always has it (its key has no ``MetaKey/absent`` value).
  package func read<Value>(_ key: MetaKey<Value>) throws(LocalAppStoreError) -> Value {
    if let value = try readIfPresent(key) { return value }
    if let absent = key.absent { return absent }
    throw LocalAppStoreError(.invalidState, "\(database.path): the state has no \(key.name)")
  }

  /// Entry `key` decoded, or `nil` when the state has none.
  func readIfPresent<Value>(_ key: MetaKey<Value>) throws(LocalAppStoreError) -> Value? {
    guard let text = try row(key.name) else { return nil }
    if let value = decodedMeta[key.name, text] as? Value { return value }
    let value = try decode(Value.self, text, what: "meta \(key.name)")
    decodedMeta.keep(value, key: key.name, text: text)
    return value
  }

  /// Writes `value` as entry `key`.
  func write<Value>(_ value: Value, to key: MetaKey<Value>) throws(LocalAppStoreError) {
    try setRow(key.name, try encode(value))
  }

  /// Writes `json`, the JSON of `value` written by hand, as entry `key`, and keeps `value` as
  /// what the text decodes to (``readIfPresent(_:)``): for a value that round-trips exactly.
  func write<Value>(_ value: Value, json: String, to key: MetaKey<Value>)
    throws(LocalAppStoreError)
  {
    try setRow(key.name, json)
    decodedMeta.keep(value, key: key.name, text: json)
  }

  /// Reads entry `key`, lets `change` change it and writes it back; returns what was written.
  @discardableResult
  func update<Value>(
    _ key: MetaKey<Value>, _ change: (inout Value) throws(LocalAppStoreError) -> Void
  ) throws(LocalAppStoreError) -> Value {
    var value = try read(key)
    try change(&value)
    try write(value, to: key)
    return value
  }

  /// Row `key`'s text: as the current transaction read or wrote it already
  /// (``LedgerStore/metaRows``), else as the table has it.
  private func row(_ key: String) throws(LocalAppStoreError) -> String? {
    if let kept = metaRows?[key] { return kept }
    let value = try database.scalar("SELECT value FROM meta WHERE key = ?", [.text(key)])?.text
    if metaRows != nil { metaRows?[key] = .some(value) }
    return value
  }

  /// Sets row `key` to `value` (`nil` removes it): inside ``LedgerStore/transaction(_:)``, in
  /// ``LedgerStore/metaRows``, written when the transaction's body returns
  /// (``writeChangedMeta()``); outside one, at once.
  func setRow(_ key: String, _ value: String?) throws(LocalAppStoreError) {
    if metaRows != nil {
      metaRows?[key] = .some(value)
      changedMeta.insert(key)
      return
    }
    if let value {
      try database.query(
        "INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        [.text(key), .text(value)])
    } else {
      try database.query("DELETE FROM meta WHERE key = ?", [.text(key)])
    }
  }

  /// The `meta` rows nearly every operation reads (the stored time, the settings, the next
  /// identifier, the notifications' random state, the launch markers), read into ``metaRows``
  /// by one SELECT at the start of a transaction rather than one SELECT each.
  static let commonMetaKeys: [String] = [
    MetaText.now.rawValue, MetaKey<EmulatorSettings>.settings.name, MetaText.nextID.rawValue,
    MetaText.randomState.rawValue, MetaKey<[LaunchMarker]>.launchMarkers.name,
  ]

  /// The SELECT of ``commonMetaKeys``: a compound of one SELECT by key each, as `key IN (…)`
  /// makes SQLite build an ephemeral table of the list (a B-tree opened and closed, its pages
  /// allocated), which cost more than the SELECTs it replaced.
  private static let commonMetaQuery = commonMetaKeys.map { _ in
    "SELECT key, value FROM meta WHERE key = ?"
  }.joined(separator: " UNION ALL ")

  /// Reads ``commonMetaKeys`` into ``metaRows`` (an absent row as `nil`).
  func readCommonMeta() throws(LocalAppStoreError) {
    let keys = Self.commonMetaKeys
    var rows: [String: String?] = [:]
    for key in keys { rows[key] = .some(nil) }
    for row in try database.query(Self.commonMetaQuery, keys.map { .text($0) }) {
      if let key = row[0].text { rows[key] = .some(row[1].text) }
    }
    metaRows = rows
  }

  /// Writes the `meta` rows the transaction changed (``changedMeta``), before it commits: those
  /// set in one statement (those removed, rarely any, one statement each), rather than one
  /// statement per change.
  func writeChangedMeta() throws(LocalAppStoreError) {
    guard !changedMeta.isEmpty, let rows = metaRows else { return }
    var set: [SQLiteDatabase.Value] = []
    var removed: [SQLiteDatabase.Value] = []
    for key in changedMeta.sorted() {
      if case .some(.some(let value)) = rows[key] {
        set += [.text(key), .text(value)]
      } else {
        removed.append(.text(key))
      }
    }
    changedMeta = []
    if !set.isEmpty {
      try database.query(Self.metaUpsert(rows: set.count / 2), set)
    }
    for key in removed {
      try database.query("DELETE FROM meta WHERE key = ?", [key])
    }
  }

  /// The UPSERT of `rows` meta rows, made once for up to 8.
  private static func metaUpsert(rows: Int) -> String {
    rows <= metaUpserts.count ? metaUpserts[rows - 1] : makeMetaUpsert(rows: rows)
  }

  private static let metaUpserts = (1...8).map(makeMetaUpsert(rows:))

  private static func makeMetaUpsert(rows: Int) -> String {
    "INSERT INTO meta(key, value) VALUES "
      + repeatElement("(?, ?)", count: rows).joined(separator: ", ")
      + " ON CONFLICT(key) DO UPDATE SET value = excluded.value"
  }
}
