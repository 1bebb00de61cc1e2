import StoreInternals

/// What rows of the ledger decoded to, by row (a transaction's id, a record's original id, a
/// meta key), each with the text it came from: an entry serves a read only while the row still
/// holds that text, so a row another process or a rolled-back operation changed is decoded
/// again. Keyed by the row, not by its text, so that a read hashes an identifier and compares
/// the text, instead of hashing kilobytes.
///
/// At most `capacity` rows are kept; past it, everything kept goes and the count starts again
/// (a catch-up reads the same few rows over and over: there is nothing to rank).
final class DecodedRows<Key: Hashable & Sendable, Value: Sendable>: Sendable {
  private let capacity: Int
  private let rows = Locked([Key: (text: String, value: Value)]())

  init(capacity: Int) { self.capacity = capacity }

  /// The value `text` decoded to, when `key`'s row held `text` then.
  subscript(key: Key, text: String) -> Value? {
    rows.withLock { rows in
      guard let row = rows[key], row.text == text else { return nil }
      return row.value
    }
  }

  /// Keeps `value` as what `key`'s row decodes to while it holds `text`.
  func keep(_ value: Value, key: Key, text: String) {
    let capacity = capacity
    rows.withLock { rows in
      if rows.count >= capacity, rows[key] == nil { rows.removeAll(keepingCapacity: true) }
      rows[key] = (text, value)
    }
  }
}
