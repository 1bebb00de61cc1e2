/// A coding key that is a string and nothing else: the key of a container whose keys are named
/// at run time (a table of fields, one stored key per switch) rather than by a `CodingKeys` enum.
package struct StringCodingKey: CodingKey, Sendable, Hashable {
  package let stringValue: String
  package var intValue: Int? { nil }

  /// The key named `name`.
  package init(_ name: String) { stringValue = name }
  package init?(stringValue: String) { self.stringValue = stringValue }
  /// No integer keys: the key is a string only.
  package init?(intValue: Int) { nil }
}
