public import StoreModel

/// Why an operation of the local App Store failed: its state file, or an operation that the
/// App Store would refuse (an unknown transaction, approving what is not pending).
///
/// Shaped like swift-certificates' errors: an extensible ``Code``, a reason for people, and where
/// it was made. Two errors are equal when their codes are.
public struct LocalAppStoreError: CodedError {
  /// The kind of failure.
  public let code: Code
  /// What exactly failed, for a person reading a log.
  public let reason: String
  /// Where the error was made.
  public let fileID: String
  /// The line where the error was made.
  public let line: Int

  /// Creates an error of `code` with a reason.
  package init(_ code: Code, _ reason: String, fileID: String = #fileID, line: Int = #line) {
    self.code = code
    self.reason = reason
    self.fileID = fileID
    self.line = line
  }

  public var description: String { reason }

  /// The kind of a local App Store failure.
  public typealias Code = ErrorCode<LocalAppStoreError>
}

extension ErrorCode where Domain == LocalAppStoreError {
  /// The state file is not an SQLite database, or is damaged.
  package static var stateUnreadable: Self { Self("stateUnreadable") }
  /// The state file is an SQLite database of another application.
  package static var foreignState: Self { Self("foreignState") }
  /// The state file was written by a newer version of the local App Store.
  package static var newerSchema: Self { Self("newerSchema") }
  /// The state's content does not decode (a row or a setting was altered by hand).
  public static var invalidState: Self { Self("invalidState") }
  /// Another process held the state file's lock for longer than the busy timeout.
  package static var stateBusy: Self { Self("stateBusy") }
  /// Any other SQLite failure.
  public static var database: Self { Self("database") }
  /// No product, transaction, request or account has that identifier.
  public static var notFound: Self { Self("notFound") }
  /// The operation does not apply in the current state (refunding a revoked transaction,
  /// approving a request that is no longer pending).
  public static var notAllowed: Self { Self("notAllowed") }
  /// The clock of the store cannot be moved by the store (it is not the state's stored time).
  package static var clockNotSettable: Self { Self("clockNotSettable") }
  /// Signing or verifying failed for a reason other than the data (a key or certificate).
  public static var signing: Self { Self("signing") }
  /// An argument was malformed (a duration, a fault kind).
  public static var invalidArgument: Self { Self("invalidArgument") }
}
