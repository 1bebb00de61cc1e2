/// Why an operation of the local App Store failed: its state file, or an operation that the
/// App Store would refuse (an unknown transaction, approving what is not pending).
///
/// Shaped like swift-certificates' errors: an extensible ``Code``, a reason for people, and where
/// it was made. Two errors are equal when their codes are.
public struct LocalAppStoreError: Error, Sendable, Hashable, CustomStringConvertible {
  /// The kind of failure.
  public let code: Code
  /// What exactly failed, for a person reading a log.
  public let reason: String
  /// Where the error was made.
  public let fileID: String
  /// The line where the error was made.
  public let line: Int

  /// Creates an error of `code` with a reason.
  public init(_ code: Code, _ reason: String, fileID: String = #fileID, line: Int = #line) {
    self.code = code
    self.reason = reason
    self.fileID = fileID
    self.line = line
  }

  public static func == (lhs: Self, rhs: Self) -> Bool { lhs.code == rhs.code }
  public func hash(into hasher: inout Hasher) { hasher.combine(code) }

  public var description: String { reason }

  /// The kind of a local App Store failure.
  public struct Code: RawRepresentable, Hashable, Sendable, CustomStringConvertible {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public var description: String { rawValue }

    /// The state file is not an SQLite database, or is damaged.
    public static let stateUnreadable = Code(rawValue: "stateUnreadable")
    /// The state file is an SQLite database of another application.
    public static let foreignState = Code(rawValue: "foreignState")
    /// The state file was written by a newer version of the local App Store.
    public static let newerSchema = Code(rawValue: "newerSchema")
    /// The state's content does not decode (a row or a setting was altered by hand).
    public static let invalidState = Code(rawValue: "invalidState")
    /// Another process held the state file's lock for longer than the busy timeout.
    public static let stateBusy = Code(rawValue: "stateBusy")
    /// Any other SQLite failure.
    public static let database = Code(rawValue: "database")
    /// No product, transaction, request or account has that identifier.
    public static let notFound = Code(rawValue: "notFound")
    /// The operation does not apply in the current state (refunding a revoked transaction,
    /// approving a request that is no longer pending).
    public static let notAllowed = Code(rawValue: "notAllowed")
    /// The clock of the store cannot be moved by the store (it is not the state's stored time).
    public static let clockNotSettable = Code(rawValue: "clockNotSettable")
    /// Signing or verifying failed for a reason other than the data (a key or certificate).
    public static let signing = Code(rawValue: "signing")
    /// An argument was malformed (a duration, a fault kind).
    public static let invalidArgument = Code(rawValue: "invalidArgument")
  }
}
