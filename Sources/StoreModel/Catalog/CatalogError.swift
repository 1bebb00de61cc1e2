/// Why a `.storekit` file could not become a ``Catalog``: what is wrong, where, and why.
///
/// A struct with an extensible ``Code`` (as swift-certificates does it), the key path of the
/// offending value (`subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod`) and a
/// reason for people. Two errors are equal when their codes are: the rest is diagnostics.
public struct CatalogError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public let code: Code
  /// Where in the file: keys joined by dots, array indices in brackets; empty for the whole file.
  public let keyPath: String
  /// What exactly is wrong, for a person.
  public let reason: String
  /// Where the error was made.
  public let fileID: String
  /// The line where the error was made.
  public let line: Int

  /// Creates an error of `code` at `keyPath`.
  public init(
    _ code: Code, at keyPath: String = "", _ reason: String, fileID: String = #fileID,
    line: Int = #line
  ) {
    self.code = code
    self.keyPath = keyPath
    self.reason = reason
    self.fileID = fileID
    self.line = line
  }

  init(
    _ code: Code, at path: ConfigurationPath, _ reason: String, fileID: String = #fileID,
    line: Int = #line
  ) {
    self.init(code, at: path.description, reason, fileID: fileID, line: line)
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  /// `key.path: reason`, or the reason alone when the error concerns the whole file.
  public var description: String { keyPath.isEmpty ? reason : "\(keyPath): \(reason)" }

  /// The kind of a catalog failure.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// The file could not be read: it does not exist, or reading it failed.
    public static let unreadable = Code(rawValue: "unreadable")
    /// The file is bigger than the size limit; it was not read.
    public static let tooLarge = Code(rawValue: "tooLarge")
    /// A `.storekit` package folder has no `Configuration.storekit`.
    public static let missingConfiguration = Code(rawValue: "missingConfiguration")
    /// The file is empty or holds only whitespace.
    public static let empty = Code(rawValue: "empty")
    /// The file is not JSON: a property list, UTF-16 text, or a syntax error.
    public static let notJSON = Code(rawValue: "notJSON")
    /// The JSON ends before its last value is complete.
    public static let truncated = Code(rawValue: "truncated")
    /// Arrays and objects are nested deeper than any configuration needs.
    public static let tooDeep = Code(rawValue: "tooDeep")
    /// An object holds the same key twice.
    public static let duplicateKey = Code(rawValue: "duplicateKey")
    /// A value has the wrong JSON type: a number where a string belongs.
    public static let wrongType = Code(rawValue: "wrongType")
    /// A required key is missing.
    public static let missingKey = Code(rawValue: "missingKey")
    /// A key that does not belong where it is and would lose data if ignored (a top-level
    /// `subscriptions` instead of `subscriptionGroups`).
    public static let unexpectedKey = Code(rawValue: "unexpectedKey")
    /// A value of the right type that is not allowed: an unknown period, a negative price.
    public static let invalidValue = Code(rawValue: "invalidValue")
    /// Two products share a product identifier.
    public static let duplicateProductID = Code(rawValue: "duplicateProductID")
  }
}
