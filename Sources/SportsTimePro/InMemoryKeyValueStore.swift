import StoreInternals
/// A ``KeyValueStore`` that lives in memory: one per test, or for a session that keeps nothing.
public final class InMemoryKeyValueStore: KeyValueStore {
  private enum Value: Sendable {
    case bool(Bool)
    case string(String)
  }

  private let values = Locked<[String: Value]>([:])

  /// Creates an empty store, or one holding `flags`.
  public init(flags: [String: Bool] = [:]) {
    values.withLock { values in
      for (key, flag) in flags { values[key] = .bool(flag) }
    }
  }

  public func bool(forKey key: String) -> Bool {
    values.withLock { values in
      if case .bool(let flag) = values[key] { return flag }
      return false
    }
  }

  public func set(_ value: Bool, forKey key: String) {
    values.withLock { $0[key] = .bool(value) }
  }

  public func string(forKey key: String) -> String? {
    values.withLock { values in
      if case .string(let text) = values[key] { return text }
      return nil
    }
  }

  public func set(_ value: String?, forKey key: String) {
    values.withLock { $0[key] = value.map(Value.string) }
  }
}
