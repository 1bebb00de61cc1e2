// A stand-in for the part of Apple's `os` module that StoreKitBackend uses: `Logger`, whose
// messages take String interpolations with a privacy, as `OSLogMessage` does.
public struct OSLogPrivacy: Sendable {
  public static let `public` = OSLogPrivacy()
  public static let `private` = OSLogPrivacy()
}

public struct OSLogMessage: ExpressibleByStringInterpolation, Sendable {
  public struct StringInterpolation: StringInterpolationProtocol, Sendable {
    public init(literalCapacity: Int, interpolationCount: Int) {}
    public mutating func appendLiteral(_ literal: String) {}
    public mutating func appendInterpolation(
      _ value: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .private
    ) {}
  }

  public init(stringLiteral value: String) {}
  public init(stringInterpolation: StringInterpolation) {}
}

public struct Logger: Sendable {
  public init(subsystem: String, category: String) {}
  public func debug(_ message: OSLogMessage) {}
  public func info(_ message: OSLogMessage) {}
  public func notice(_ message: OSLogMessage) {}
  public func warning(_ message: OSLogMessage) {}
  public func error(_ message: OSLogMessage) {}
  public func fault(_ message: OSLogMessage) {}
}
