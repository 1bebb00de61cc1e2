/// An error shaped as swift-certificates shapes its errors: a ``code`` to match on, a reason for
/// people, and where it was made. Two errors are equal when their codes are: the rest is
/// diagnostics.
///
/// `VerificationError`, `CatalogError`, `AppStoreJWSError` and `LocalAppStoreError` conform; each
/// states its stored members and its `description`, and takes equality, hashing and
/// a `sourceLocation` from here.
public protocol CodedError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The kind of failure: an ``ErrorCode`` of the error's own type.
  associatedtype Code: Hashable & Sendable
  /// The kind of failure, as a stable value to match on.
  var code: Code { get }
  /// What exactly failed, for a person reading a log.
  var reason: String { get }
  /// The source file that made the error.
  var fileID: String { get }
  /// The source line that made the error.
  var line: Int { get }
}

extension CodedError {
  /// Whether two errors have one code.
  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
  /// Hashes the code alone, as equality compares it alone.
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }
  /// Where the error was made: `Module/File.swift:line`.
  package var sourceLocation: String { "\(fileID):\(line)" }
}

/// A code of the error type `Domain`: callers match codes (`error.code == .malformed`), only the
/// package makes them, and new ones may be added (as swift-certificates' error codes).
public struct ErrorCode<Domain>: Hashable, Sendable, CustomStringConvertible {
  /// The code's name: `malformed`.
  public let rawValue: String

  package init(_ name: String) { rawValue = name }

  public var description: String { rawValue }
}
