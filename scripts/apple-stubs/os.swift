// The part of Apple's `os` module that StoreKitBackend uses: `Logger`, whose messages are
// `OSLogMessage` string interpolations with a privacy per value. Written to the iOS 18.0 SDK's
// os.swiftinterface (usr/lib/swift/os.swiftmodule/arm64-apple-ios.swiftinterface in
// xybp888/iOS-SDKs@88fdca9, 107,885 characters; not kept here: see README.md to fetch it and
// compare). Every declaration names its line there. All of them are older than the deployment
// targets (iOS 14.0, macOS 11.0), so none carries an availability attribute.

@frozen public struct OSLogPrivacy {  // os.swiftinterface:982
  public static var `public`: OSLogPrivacy { OSLogPrivacy() }  // os.swiftinterface:1049
  public static var `private`: OSLogPrivacy { OSLogPrivacy() }  // os.swiftinterface:1054
  public static var auto: OSLogPrivacy { OSLogPrivacy() }  // os.swiftinterface:1070
}

@frozen public struct OSLogStringAlignment {  // os.swiftinterface:2220
  public static var none: OSLogStringAlignment { OSLogStringAlignment() }  // os.swiftinterface:2230
}

@frozen public struct OSLogInterpolation: StringInterpolationProtocol {  // os.swiftinterface:1724
  public init(literalCapacity: Int, interpolationCount: Int) {}  // os.swiftinterface:1776
  public mutating func appendLiteral(_ literal: String) {}  // os.swiftinterface:1787
}
extension OSLogInterpolation {  // os.swiftinterface:2241
  public mutating func appendInterpolation(_ argumentString: @autoclosure @escaping () -> String, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) {}  // os.swiftinterface:2242
}
extension OSLogInterpolation {  // os.swiftinterface:2481
  @_disfavoredOverload public mutating func appendInterpolation<T>(_ value: @autoclosure @escaping () -> T, align: OSLogStringAlignment = .none, privacy: OSLogPrivacy = .auto) where T: CustomStringConvertible {}  // os.swiftinterface:2482
}

@frozen public struct OSLogMessage: ExpressibleByStringInterpolation, ExpressibleByStringLiteral {  // os.swiftinterface:1817
  public init(stringInterpolation: OSLogInterpolation) {}  // os.swiftinterface:1819
  public init(stringLiteral value: String) {}  // os.swiftinterface:1822
  public typealias StringInterpolation = OSLogInterpolation  // os.swiftinterface:1836
}

public struct Logger: @unchecked Sendable {  // os.swiftinterface:2064
  public init(subsystem: String, category: String) {}  // os.swiftinterface:2067
  public func log(_ message: OSLogMessage) {}  // os.swiftinterface:2070
  public func debug(_ message: OSLogMessage) {}  // os.swiftinterface:2082
  public func info(_ message: OSLogMessage) {}  // os.swiftinterface:2085
  public func notice(_ message: OSLogMessage) {}  // os.swiftinterface:2088
  public func warning(_ message: OSLogMessage) {}  // os.swiftinterface:2091
  public func error(_ message: OSLogMessage) {}  // os.swiftinterface:2094
  public func critical(_ message: OSLogMessage) {}  // os.swiftinterface:2097
  public func fault(_ message: OSLogMessage) {}  // os.swiftinterface:2100
}
