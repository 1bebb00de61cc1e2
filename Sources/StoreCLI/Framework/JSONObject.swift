import StoreInternals

/// A JSON object written from a table of keys and values: the `--json` outputs that show
/// another type's fields under names of their own, one line a key, instead of a stored property,
/// an initializer line and an encoding line for each.
///
/// Each value is encoded by the encoder it is written to, so dates follow its strategy (ISO 8601
/// in ``CommandContext/writeJSON(_:)``).
struct JSONObject: Encodable {
  /// What a key whose value is `nil` becomes.
  enum Absent {
    /// The key is left out (as a synthesized `Encodable` leaves out a `nil` property).
    case omitted
    /// The key is there, with `null`: outputs whose keys are always present.
    case null
  }

  private let fields: KeyValuePairs<String, (any Encodable)?>
  private let absent: Absent

  /// An object of `fields`, in their order (the tool's encoder sorts the keys).
  init(_ fields: KeyValuePairs<String, (any Encodable)?>, absent: Absent = .omitted) {
    self.absent = absent
    self.fields = fields
  }

  func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    for (name, value) in fields {
      if let value {
        try container.encode(value, forKey: Key(name))
      } else if absent == .null {
        try container.encodeNil(forKey: Key(name))
      }
    }
  }

  private typealias Key = StringCodingKey
}
