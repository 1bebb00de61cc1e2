public import Foundation

/// A ``KeyValueStore`` over `UserDefaults`, for apps.
public final class UserDefaultsKeyValueStore: KeyValueStore, @unchecked Sendable {
  // Sendable: `UserDefaults` is documented as thread-safe; this class only forwards to it and
  // holds no other state.
  private let defaults: UserDefaults

  /// Creates a store over `defaults` (the standard defaults unless told otherwise).
  public init(defaults: UserDefaults = .standard) {
    self.defaults = defaults
  }

  /// Creates a store over the defaults of the suite `suiteName`, or `nil` when that suite
  /// cannot be opened.
  public convenience init?(suiteName: String) {
    guard let defaults = UserDefaults(suiteName: suiteName) else { return nil }
    self.init(defaults: defaults)
  }

  public func bool(forKey key: String) -> Bool { defaults.bool(forKey: key) }

  public func set(_ value: Bool, forKey key: String) { defaults.set(value, forKey: key) }

  public func string(forKey key: String) -> String? { defaults.string(forKey: key) }

  public func set(_ value: String?, forKey key: String) {
    if let value {
      defaults.set(value, forKey: key)
    } else {
      defaults.removeObject(forKey: key)
    }
  }
}
