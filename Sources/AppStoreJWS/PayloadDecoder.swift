import Foundation
import StoreInternals

/// Decodes App Store payloads from JSON bytes, with `JSONDecoder`'s results under
/// `AppStoreJSON`'s conventions (dates in milliseconds since 1970, fractional allowed) and a
/// stricter input: RFC 8259 only, unique member names, finite numbers.
///
/// It exists for speed: verification decodes every payload, and Foundation's decoder costs about
/// a fifth of a warm verification. It reads the document once into ``JSONDocument`` (the package's one strict reader) and converts
/// only the fields the `Decodable` type asks for.
package enum PayloadDecoder {
  /// How many containers deep a payload's values may nest.
  static let maximumDepth = 64

  /// Decodes `type` from the JSON `bytes`.
  /// - Throws: `DecodingError` with the coding path of the first problem.
  package static func decode<T: Decodable>(_ type: T.Type, from bytes: [UInt8]) throws -> T {
    try decode(type, from: try document(bytes))
  }

  /// Parses `bytes` into the document that `decode(_:from:)` reads.
  /// - Throws: `DecodingError.dataCorrupted` when they are not JSON.
  static func document(_ bytes: [UInt8]) throws -> JSONDocument {
    do {
      return try JSONDocument.parse(bytes, maximumDepth: maximumDepth)
    } catch {
      throw DecodingError.dataCorrupted(
        DecodingError.Context(
          codingPath: [], debugDescription: "not JSON: \(error)"))
    }
  }

  /// Decodes `type` from a parsed document.
  /// - Throws: `DecodingError` with the coding path of the first problem.
  static func decode<T: Decodable>(_ type: T.Type, from document: JSONDocument) throws -> T {
    try NodeDecoder(document: document, index: 0, basePath: [], key: nil).decodeValue(type)
  }
}

/// An array position as a coding key.
private struct IndexKey: CodingKey {
  let intValue: Int?
  var stringValue: String { "\(intValue ?? 0)" }
  init(_ index: Int) { intValue = index }
  init?(stringValue: String) { return nil }
  init?(intValue: Int) { self.intValue = intValue }
}

/// A decoder positioned on one node.
///
/// Its coding path is kept as the container's path plus the last key, and only joined when
/// asked for (errors, nested containers), so decoding a field allocates nothing.
private struct NodeDecoder: Decoder {
  let document: JSONDocument
  let index: Int
  let basePath: [any CodingKey]
  let key: (any CodingKey)?
  var userInfo: [CodingUserInfoKey: Any] { [:] }

  var codingPath: [any CodingKey] {
    guard let key else { return basePath }
    return basePath + [key]
  }

  var node: JSONDocument.Node { document.nodes[index] }

  func child(_ index: Int, _ key: any CodingKey) -> NodeDecoder {
    NodeDecoder(document: document, index: index, basePath: codingPath, key: key)
  }

  func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
    try expect(.object, [String: Any].self)
    return KeyedDecodingContainer(KeyedContainer<Key>(decoder: self))
  }

  func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try expect(.array, [Any].self)
    return UnkeyedContainer(decoder: self)
  }

  func singleValueContainer() throws -> any SingleValueDecodingContainer {
    SingleValueContainer(decoder: self)
  }

  // MARK: Values

  private func expect(_ kind: JSONDocument.Kind, _ type: Any.Type) throws {
    guard node.kind == kind else { throw mismatch(type) }
  }

  func mismatch(_ type: Any.Type) -> DecodingError {
    if node.kind == .null {
      return .valueNotFound(
        type, DecodingError.Context(codingPath: codingPath, debugDescription: "found null"))
    }
    return .typeMismatch(
      type,
      DecodingError.Context(
        codingPath: codingPath,
        debugDescription: "expected \(type), found \(document.describe(index))"))
  }

  private func corrupted(_ description: String) -> DecodingError {
    .dataCorrupted(DecodingError.Context(codingPath: codingPath, debugDescription: description))
  }

  func decodeValue<T: Decodable>(_ type: T.Type) throws -> T {
    if T.self == Date.self, let date = try decodeDate() as? T { return date }
    if T.self == String.self, let string = try decodeString() as? T { return string }
    if T.self == UUID.self {
      let text = try decodeString()
      guard let uuid = UUID(uuidString: text) as? T else {
        throw corrupted("\"\(text)\" is not a UUID")
      }
      return uuid
    }
    return try T(from: self)
  }

  func decodeBool() throws -> Bool {
    switch node.kind {
    case .true: return true
    case .false: return false
    default: throw mismatch(Bool.self)
    }
  }

  func decodeString() throws -> String {
    guard node.kind == .string || node.kind == .escapedString else { throw mismatch(String.self) }
    return document.string(at: index)
  }

  func decodeInteger<I: FixedWidthInteger>(_ type: I.Type) throws -> I {
    switch node.kind {
    case .integer:
      guard let (negative, magnitude) = document.integer(at: index) else {
        throw corrupted("\(document.numberText(at: index)) does not fit in \(I.self)")
      }
      let value: I?
      if negative {
        value =
          magnitude <= UInt64(Int64.max) + 1
          ? I(exactly: 0 &- Int64(bitPattern: magnitude)) : nil
      } else {
        value = I(exactly: magnitude)
      }
      guard let value else {
        throw corrupted("\(document.numberText(at: index)) does not fit in \(I.self)")
      }
      return value
    case .number:
      guard let double = Double(document.numberText(at: index)), let value = I(exactly: double)
      else { throw corrupted("\(document.numberText(at: index)) is not a whole \(I.self)") }
      return value
    default:
      throw mismatch(I.self)
    }
  }

  func decodeFloat<F: BinaryFloatingPoint & LosslessStringConvertible>(_ type: F.Type) throws -> F {
    guard node.kind == .number || node.kind == .integer else { throw mismatch(F.self) }
    guard let value = F(String(document.numberText(at: index))), value.isFinite else {
      throw corrupted("\(document.numberText(at: index)) is not a finite \(F.self)")
    }
    return value
  }

  /// Milliseconds since 1970, as `JSONDecoder`'s `.millisecondsSince1970` reads them.
  func decodeDate() throws -> Date {
    let milliseconds = try decodeFloat(Double.self)
    return Date(timeIntervalSince1970: milliseconds / 1000.0)
  }
}

private struct KeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
  let decoder: NodeDecoder
  let codingPath: [any CodingKey]
  /// The object's members, in document order.
  private let members: [KeyedMember]

  init(decoder: NodeDecoder) {
    self.decoder = decoder
    self.codingPath = decoder.codingPath
    let document = decoder.document
    let count = Int(document.nodes[decoder.index].count)
    var members: [KeyedMember] = []
    members.reserveCapacity(count)
    document.nodes.withUnsafeBufferPointer { nodes in
      document.bytes.withUnsafeBufferPointer { bytes in
        var position = decoder.index + 1
        for _ in 0..<count {
          let name = nodes[position]
          let length = Int(name.end - name.start)
          members.append(
            KeyedMember(
              prefix: KeyedMember.prefix(
                UnsafeBufferPointer(rebasing: bytes[Int(name.start)..<Int(name.end)])),
              length: Int32(length), escaped: name.kind == .escapedString, name: Int32(position),
              value: Int32(position + 1)))
          position = Int(nodes[position + 1].next)
        }
      }
    }
    self.members = members
  }

  var allKeys: [Key] {
    members.compactMap { Key(stringValue: decoder.document.string(at: Int($0.name))) }
  }

  private func find(_ key: Key) -> Int? {
    var name = key.stringValue
    let document = decoder.document
    return name.withUTF8 { wanted -> Int? in
      let prefix = KeyedMember.prefix(wanted)
      let length = Int32(wanted.count)
      return document.bytes.withUnsafeBufferPointer { bytes -> Int? in
        members.withUnsafeBufferPointer { members -> Int? in
          for member in members {
            if member.escaped {
              if document.string(at: Int(member.name), equals: key.stringValue) {
                return Int(member.value)
              }
              continue
            }
            guard member.length == length, member.prefix == prefix else { continue }
            if length <= 8 { return Int(member.value) }
            let start = Int(document.nodes[Int(member.name)].start)
            if let base = bytes.baseAddress, let other = wanted.baseAddress,
              memcmp(base + start, other, Int(length)) == 0
            {
              return Int(member.value)
            }
          }
          return nil
        }
      }
    }
  }

  private func child(for key: Key) throws -> NodeDecoder {
    guard let value = find(key) else {
      throw DecodingError.keyNotFound(
        key,
        DecodingError.Context(
          codingPath: codingPath, debugDescription: "no member \"\(key.stringValue)\""))
    }
    return NodeDecoder(document: decoder.document, index: value, basePath: codingPath, key: key)
  }

  private func presentChild(for key: Key) throws -> NodeDecoder? {
    guard let value = find(key), decoder.document.nodes[value].kind != .null else { return nil }
    return NodeDecoder(document: decoder.document, index: value, basePath: codingPath, key: key)
  }

  func contains(_ key: Key) -> Bool { find(key) != nil }

  func decodeNil(forKey key: Key) throws -> Bool {
    try child(for: key).node.kind == .null
  }

  func decode(_ type: Bool.Type, forKey key: Key) throws -> Bool {
    try child(for: key).decodeBool()
  }
  func decodeIfPresent(_ type: Bool.Type, forKey key: Key) throws -> Bool? {
    try presentChild(for: key)?.decodeBool()
  }
  func decode(_ type: String.Type, forKey key: Key) throws -> String {
    try child(for: key).decodeString()
  }
  func decodeIfPresent(_ type: String.Type, forKey key: Key) throws -> String? {
    try presentChild(for: key)?.decodeString()
  }
  func decode(_ type: Double.Type, forKey key: Key) throws -> Double {
    try child(for: key).decodeFloat(Double.self)
  }
  func decodeIfPresent(_ type: Double.Type, forKey key: Key) throws -> Double? {
    try presentChild(for: key)?.decodeFloat(Double.self)
  }
  func decode(_ type: Float.Type, forKey key: Key) throws -> Float {
    try child(for: key).decodeFloat(Float.self)
  }
  func decodeIfPresent(_ type: Float.Type, forKey key: Key) throws -> Float? {
    try presentChild(for: key)?.decodeFloat(Float.self)
  }
  func decode(_ type: Int.Type, forKey key: Key) throws -> Int {
    try child(for: key).decodeInteger(Int.self)
  }
  func decodeIfPresent(_ type: Int.Type, forKey key: Key) throws -> Int? {
    try presentChild(for: key)?.decodeInteger(Int.self)
  }
  func decode(_ type: Int8.Type, forKey key: Key) throws -> Int8 {
    try child(for: key).decodeInteger(Int8.self)
  }
  func decodeIfPresent(_ type: Int8.Type, forKey key: Key) throws -> Int8? {
    try presentChild(for: key)?.decodeInteger(Int8.self)
  }
  func decode(_ type: Int16.Type, forKey key: Key) throws -> Int16 {
    try child(for: key).decodeInteger(Int16.self)
  }
  func decodeIfPresent(_ type: Int16.Type, forKey key: Key) throws -> Int16? {
    try presentChild(for: key)?.decodeInteger(Int16.self)
  }
  func decode(_ type: Int32.Type, forKey key: Key) throws -> Int32 {
    try child(for: key).decodeInteger(Int32.self)
  }
  func decodeIfPresent(_ type: Int32.Type, forKey key: Key) throws -> Int32? {
    try presentChild(for: key)?.decodeInteger(Int32.self)
  }
  func decode(_ type: Int64.Type, forKey key: Key) throws -> Int64 {
    try child(for: key).decodeInteger(Int64.self)
  }
  func decodeIfPresent(_ type: Int64.Type, forKey key: Key) throws -> Int64? {
    try presentChild(for: key)?.decodeInteger(Int64.self)
  }
  func decode(_ type: UInt.Type, forKey key: Key) throws -> UInt {
    try child(for: key).decodeInteger(UInt.self)
  }
  func decodeIfPresent(_ type: UInt.Type, forKey key: Key) throws -> UInt? {
    try presentChild(for: key)?.decodeInteger(UInt.self)
  }
  func decode(_ type: UInt8.Type, forKey key: Key) throws -> UInt8 {
    try child(for: key).decodeInteger(UInt8.self)
  }
  func decodeIfPresent(_ type: UInt8.Type, forKey key: Key) throws -> UInt8? {
    try presentChild(for: key)?.decodeInteger(UInt8.self)
  }
  func decode(_ type: UInt16.Type, forKey key: Key) throws -> UInt16 {
    try child(for: key).decodeInteger(UInt16.self)
  }
  func decodeIfPresent(_ type: UInt16.Type, forKey key: Key) throws -> UInt16? {
    try presentChild(for: key)?.decodeInteger(UInt16.self)
  }
  func decode(_ type: UInt32.Type, forKey key: Key) throws -> UInt32 {
    try child(for: key).decodeInteger(UInt32.self)
  }
  func decodeIfPresent(_ type: UInt32.Type, forKey key: Key) throws -> UInt32? {
    try presentChild(for: key)?.decodeInteger(UInt32.self)
  }
  func decode(_ type: UInt64.Type, forKey key: Key) throws -> UInt64 {
    try child(for: key).decodeInteger(UInt64.self)
  }
  func decodeIfPresent(_ type: UInt64.Type, forKey key: Key) throws -> UInt64? {
    try presentChild(for: key)?.decodeInteger(UInt64.self)
  }

  func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
    try child(for: key).decodeValue(type)
  }

  func decodeIfPresent<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T? {
    try presentChild(for: key)?.decodeValue(type)
  }

  func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try child(for: key).container(keyedBy: type)
  }

  func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
    try child(for: key).unkeyedContainer()
  }

  func superDecoder() throws -> any Decoder {
    decoder
  }

  func superDecoder(forKey key: Key) throws -> any Decoder {
    try child(for: key)
  }
}

/// One member of an object: its name's first bytes as a number and its length (a cheap first
/// test), the name node and the value node.
private struct KeyedMember {
  var prefix: UInt64
  var length: Int32
  var escaped: Bool
  var name: Int32
  var value: Int32

  /// Up to the first 8 bytes, little-endian.
  static func prefix(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
    var value: UInt64 = 0
    for index in 0..<min(8, bytes.count) {
      value |= UInt64(bytes[index]) << (8 * UInt64(index))
    }
    return value
  }
}

private struct UnkeyedContainer: UnkeyedDecodingContainer {
  let decoder: NodeDecoder
  let count: Int?
  private(set) var currentIndex = 0
  private var position: Int

  init(decoder: NodeDecoder) {
    self.decoder = decoder
    self.count = Int(decoder.node.count)
    self.position = decoder.index + 1
  }

  var codingPath: [any CodingKey] { decoder.codingPath }

  var isAtEnd: Bool { currentIndex >= (count ?? 0) }

  private mutating func nextChild(_ type: Any.Type) throws -> NodeDecoder {
    guard !isAtEnd else {
      throw DecodingError.valueNotFound(
        type,
        DecodingError.Context(
          codingPath: codingPath + [IndexKey(currentIndex)], debugDescription: "the array ended"))
    }
    let child = decoder.child(position, IndexKey(currentIndex))
    position = Int(decoder.document.nodes[position].next)
    currentIndex += 1
    return child
  }

  mutating func decodeNil() throws -> Bool {
    guard !isAtEnd, decoder.document.nodes[position].kind == .null else { return false }
    position = Int(decoder.document.nodes[position].next)
    currentIndex += 1
    return true
  }

  mutating func decode(_ type: Bool.Type) throws -> Bool {
    try nextChild(type).decodeBool()
  }
  mutating func decode(_ type: String.Type) throws -> String {
    try nextChild(type).decodeString()
  }
  mutating func decode(_ type: Double.Type) throws -> Double {
    try nextChild(type).decodeFloat(Double.self)
  }
  mutating func decode(_ type: Float.Type) throws -> Float {
    try nextChild(type).decodeFloat(Float.self)
  }
  mutating func decode(_ type: Int.Type) throws -> Int {
    try nextChild(type).decodeInteger(Int.self)
  }
  mutating func decode(_ type: Int8.Type) throws -> Int8 {
    try nextChild(type).decodeInteger(Int8.self)
  }
  mutating func decode(_ type: Int16.Type) throws -> Int16 {
    try nextChild(type).decodeInteger(Int16.self)
  }
  mutating func decode(_ type: Int32.Type) throws -> Int32 {
    try nextChild(type).decodeInteger(Int32.self)
  }
  mutating func decode(_ type: Int64.Type) throws -> Int64 {
    try nextChild(type).decodeInteger(Int64.self)
  }
  mutating func decode(_ type: UInt.Type) throws -> UInt {
    try nextChild(type).decodeInteger(UInt.self)
  }
  mutating func decode(_ type: UInt8.Type) throws -> UInt8 {
    try nextChild(type).decodeInteger(UInt8.self)
  }
  mutating func decode(_ type: UInt16.Type) throws -> UInt16 {
    try nextChild(type).decodeInteger(UInt16.self)
  }
  mutating func decode(_ type: UInt32.Type) throws -> UInt32 {
    try nextChild(type).decodeInteger(UInt32.self)
  }
  mutating func decode(_ type: UInt64.Type) throws -> UInt64 {
    try nextChild(type).decodeInteger(UInt64.self)
  }

  mutating func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try nextChild(type).decodeValue(type)
  }

  mutating func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type) throws
    -> KeyedDecodingContainer<NestedKey>
  {
    try nextChild([String: Any].self).container(keyedBy: type)
  }

  mutating func nestedUnkeyedContainer() throws -> any UnkeyedDecodingContainer {
    try nextChild([Any].self).unkeyedContainer()
  }

  mutating func superDecoder() throws -> any Decoder {
    try nextChild(Any.self)
  }
}

private struct SingleValueContainer: SingleValueDecodingContainer {
  let decoder: NodeDecoder
  var codingPath: [any CodingKey] { decoder.codingPath }

  func decodeNil() -> Bool { decoder.node.kind == .null }

  func decode(_ type: Bool.Type) throws -> Bool {
    try decoder.decodeBool()
  }
  func decode(_ type: String.Type) throws -> String {
    try decoder.decodeString()
  }
  func decode(_ type: Double.Type) throws -> Double {
    try decoder.decodeFloat(Double.self)
  }
  func decode(_ type: Float.Type) throws -> Float {
    try decoder.decodeFloat(Float.self)
  }
  func decode(_ type: Int.Type) throws -> Int {
    try decoder.decodeInteger(Int.self)
  }
  func decode(_ type: Int8.Type) throws -> Int8 {
    try decoder.decodeInteger(Int8.self)
  }
  func decode(_ type: Int16.Type) throws -> Int16 {
    try decoder.decodeInteger(Int16.self)
  }
  func decode(_ type: Int32.Type) throws -> Int32 {
    try decoder.decodeInteger(Int32.self)
  }
  func decode(_ type: Int64.Type) throws -> Int64 {
    try decoder.decodeInteger(Int64.self)
  }
  func decode(_ type: UInt.Type) throws -> UInt {
    try decoder.decodeInteger(UInt.self)
  }
  func decode(_ type: UInt8.Type) throws -> UInt8 {
    try decoder.decodeInteger(UInt8.self)
  }
  func decode(_ type: UInt16.Type) throws -> UInt16 {
    try decoder.decodeInteger(UInt16.self)
  }
  func decode(_ type: UInt32.Type) throws -> UInt32 {
    try decoder.decodeInteger(UInt32.self)
  }
  func decode(_ type: UInt64.Type) throws -> UInt64 {
    try decoder.decodeInteger(UInt64.self)
  }

  func decode<T: Decodable>(_ type: T.Type) throws -> T {
    try decoder.decodeValue(type)
  }
}
