/// Small synchronous storage for the app layer's flags, such as whether the onboarding paywall
/// was seen: `UserDefaults` in an app, memory in tests.
public protocol KeyValueStore: Sendable {
  /// The flag stored under `key`; `false` when none is stored.
  func bool(forKey key: String) -> Bool
  /// Stores a flag under `key`.
  func set(_ value: Bool, forKey key: String)
  /// The text stored under `key`, or `nil`.
  func string(forKey key: String) -> String?
  /// Stores text under `key`; `nil` removes it.
  func set(_ value: String?, forKey key: String)
}
