/// Why a `.storekit` file could not become a `Catalog`: what is wrong, where, and why.
///
/// A struct with an extensible ``Code`` (as swift-certificates does it), the key path of the
/// offending value (`subscriptionGroups[0].subscriptions[1].recurringSubscriptionPeriod`) and a
/// reason for people. Two errors are equal when their codes are: the rest is diagnostics.
public struct CatalogError: CodedError {
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
  package init(
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

  /// `key.path: reason`, or the reason alone when the error concerns the whole file.
  public var description: String { keyPath.isEmpty ? reason : "\(keyPath): \(reason)" }

  /// The kind of a catalog failure.
  public typealias Code = ErrorCode<CatalogError>
}

extension ErrorCode where Domain == CatalogError {
  /// The file could not be read: it does not exist, or reading it failed.
  public static var unreadable: Self { Self("unreadable") }
  /// The file is bigger than the size limit; it was not read.
  public static var tooLarge: Self { Self("tooLarge") }
  /// A `.storekit` package folder has no `Configuration.storekit`.
  public static var missingConfiguration: Self { Self("missingConfiguration") }
  /// The file is empty or holds only whitespace.
  public static var empty: Self { Self("empty") }
  /// The file is not JSON: a property list, UTF-16 text, or a syntax error.
  public static var notJSON: Self { Self("notJSON") }
  /// The JSON ends before its last value is complete.
  public static var truncated: Self { Self("truncated") }
  /// Arrays and objects are nested deeper than any configuration needs.
  public static var tooDeep: Self { Self("tooDeep") }
  /// An object holds the same key twice.
  public static var duplicateKey: Self { Self("duplicateKey") }
  /// A value has the wrong JSON type: a number where a string belongs.
  public static var wrongType: Self { Self("wrongType") }
  /// A required key is missing.
  public static var missingKey: Self { Self("missingKey") }
  /// A key that does not belong where it is and would lose data if ignored (a top-level
  /// `subscriptions` instead of `subscriptionGroups`).
  public static var unexpectedKey: Self { Self("unexpectedKey") }
  /// A value of the right type that is not allowed: an unknown period, a negative price.
  public static var invalidValue: Self { Self("invalidValue") }
  /// Two products share a product identifier.
  public static var duplicateProductID: Self { Self("duplicateProductID") }
}
