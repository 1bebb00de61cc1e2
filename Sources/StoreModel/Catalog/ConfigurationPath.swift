/// Where a value sits in a `.storekit` file:
/// `subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod`.
struct ConfigurationPath: Sendable, Hashable, CustomStringConvertible {
  /// One step of a path.
  enum Component: Sendable, Hashable {
    case key(String)
    case index(Int)
  }

  private(set) var components: [Component] = []

  /// The top of the file.
  static let root = ConfigurationPath()

  /// This path followed by `key`.
  func appending(_ key: String) -> ConfigurationPath {
    var copy = self
    copy.components.append(.key(key))
    return copy
  }

  /// This path followed by `[index]`.
  func appending(index: Int) -> ConfigurationPath {
    var copy = self
    copy.components.append(.index(index))
    return copy
  }

  mutating func append(_ component: Component) { components.append(component) }
  mutating func removeLast() { components.removeLast() }

  /// Keys joined by dots, indices in brackets; empty at the top of the file.
  var description: String {
    var text = ""
    for component in components {
      switch component {
      case .key(let key): text += text.isEmpty ? key : "." + key
      case .index(let index): text += "[\(index)]"
      }
    }
    return text
  }
}
