import Foundation
import StoreInternals
import Testing

@Suite struct StringCodingKeyTests {
  /// Fields named at run time, written and read back through `StringCodingKey`.
  private struct Fields: Codable, Equatable {
    var values: [String: Int]

    init(_ values: [String: Int]) { self.values = values }

    init(from decoder: any Decoder) throws {
      let container = try decoder.container(keyedBy: StringCodingKey.self)
      values = [:]
      for key in container.allKeys {
        values[key.stringValue] = try container.decode(Int.self, forKey: key)
      }
    }

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: StringCodingKey.self)
      for (name, value) in values { try container.encode(value, forKey: StringCodingKey(name)) }
    }
  }

  @Test("a key is its string: it names the JSON key and reads back the same")
  func roundTrip() throws {
    let fields = Fields(["timeRate": 1, "askToBuyEnabled": 0])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(fields)
    #expect(String(decoding: data, as: UTF8.self) == #"{"askToBuyEnabled":0,"timeRate":1}"#)
    #expect(try JSONDecoder().decode(Fields.self, from: data) == fields)
  }

  @Test("there are no integer keys", arguments: [0, 1, -1])
  func noIntegerKeys(value: Int) {
    #expect(StringCodingKey(intValue: value) == nil)
    #expect(StringCodingKey("\(value)").intValue == nil)
  }
}
