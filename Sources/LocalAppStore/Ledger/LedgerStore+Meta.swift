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

  func setRow(_ key: String, _ value: String?) throws(LocalAppStoreError) {
    if let value {
      try database.query(
        "INSERT INTO meta(key, value) VALUES(?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
        [.text(key), .text(value)])
    } else {
      try database.query("DELETE FROM meta WHERE key = ?", [.text(key)])
    }
    if metaRows != nil { metaRows?[key] = .some(value) }
  }
}
