// The part of Apple's `os` module that StoreKitBackend uses: `Logger`, whose messages are
// `OSLogMessage` string interpolations with a privacy per value. Written to the iOS 18.0 SDK's
// os.swiftinterface (usr/lib/swift/os.swiftmodule; not kept here, not compared).

@frozen public struct OSLogPrivacy: Equatable, Sendable {  // os.swiftinterface
  public static var `public`: OSLogPrivacy { OSLogPrivacy() }  // os.swiftinterface
  public static var `private`: OSLogPrivacy { OSLogPrivacy() }  // os.swiftinterface
  public static var auto: OSLogPrivacy { OSLogPrivacy() }  // os.swiftinterface
}

@frozen public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {  // os.swiftinterface
  @frozen public struct StringInterpolation: StringInterpolationProtocol {  // os.swiftinterface (OSLogInterpolation)
    public init(literalCapacity: Int, interpolationCount: Int) {}  // os.swiftinterface
    public mutating func appendLiteral(_ literal: String) {}  // os.swiftinterface
    public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, privacy: OSLogPrivacy = .auto) {}  // os.swiftinterface
    public mutating func appendInterpolation<T>(_ value: @autoclosure @escaping () -> T, privacy: OSLogPrivacy = .auto) where T: CustomStringConvertible {}  // os.swiftinterface
  }
  public init(stringLiteral value: String) {}  // os.swiftinterface
  public init(stringInterpolation: OSLogMessage.StringInterpolation) {}  // os.swiftinterface
}

@frozen public struct Logger: @unchecked Sendable {  // os.swiftinterface
  public init(subsystem: String, category: String) {}  // os.swiftinterface
  public func log(_ message: OSLogMessage) {}  // os.swiftinterface
  public func debug(_ message: OSLogMessage) {}  // os.swiftinterface
  public func info(_ message: OSLogMessage) {}  // os.swiftinterface
  public func notice(_ message: OSLogMessage) {}  // os.swiftinterface
  public func warning(_ message: OSLogMessage) {}  // os.swiftinterface
  public func error(_ message: OSLogMessage) {}  // os.swiftinterface
  public func fault(_ message: OSLogMessage) {}  // os.swiftinterface
  public func critical(_ message: OSLogMessage) {}  // os.swiftinterface
}
