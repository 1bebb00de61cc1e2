/// A struct that stands for an enumeration another party may extend: it *is* the raw value
/// (Apple's JSON value, an Xcode setting), with named constants for the values known today, so
/// that a value added later still decodes and round-trips.
///
/// StoreKit 2 models most of its enumerations this way. A conforming type states `rawValue`,
/// `init(rawValue:)` and its constants; it encodes as its raw value and describes itself by it
/// unless it names its values.
public protocol OpenEnumeration: RawRepresentable, Hashable, Sendable, Codable,
  CustomStringConvertible
where RawValue: Hashable & Sendable & Codable & CustomStringConvertible {}

extension OpenEnumeration {
  /// The raw value, as text.
  public var description: String { rawValue.description }
}
