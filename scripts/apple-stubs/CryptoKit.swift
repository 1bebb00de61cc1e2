// The part of CryptoKit that AppStoreJWS's CryptoKit primitive uses, for type-checking it on
// Linux (scripts/check-apple-only --typecheck). Every declaration names the line of the iOS 18.0
// SDK's CryptoKit.swiftinterface it was derived from (../shared/research/apple-sdk/iOS18.0/), and
// carries that declaration's iOS, macOS, visionOS and Mac Catalyst availability; `scripts/
// check-apple-only --compare-stubs` checks both against the interface. Availability at or below
// the package's deployment targets (iOS 17.0, macOS 14.0, visionOS 1.0) is left out: everything
// here but CryptoKitError's Equatable conformance (iOS 17.4) is from iOS 13, 14 or 16. Nothing
// here runs.
//
// Sendable as the interface says: of the types below, none is declared Sendable there (line
// 1278, ChaChaPoly.SealedBox, is the interface's only Sendable conformance), so the keys, the
// signatures and the digests are not Sendable here either; CryptoKitError is, through Error.
public import Foundation

private func stub<T>() -> T { fatalError("CryptoKit stub") }  // stub-only

// MARK: - Digests and hash functions

public protocol Digest: ContiguousBytes, CustomStringConvertible, Hashable, Sequence where Self.Element == UInt8 {  // CryptoKit.swiftinterface:139
  static var byteCount: Int { get }  // CryptoKit.swiftinterface:140
}
extension Digest {  // CryptoKit.swiftinterface:143
  public func makeIterator() -> Array<UInt8>.Iterator { stub() }  // CryptoKit.swiftinterface:144
}
extension Digest {  // CryptoKit.swiftinterface:147
  public static func == (lhs: Self, rhs: Self) -> Bool { stub() }  // CryptoKit.swiftinterface:148
  public static func == <D>(lhs: Self, rhs: D) -> Bool where D: DataProtocol { stub() }  // CryptoKit.swiftinterface:149
  public var description: String { stub() }  // CryptoKit.swiftinterface:150
}

public protocol HashFunction {  // CryptoKit.swiftinterface:332
  static var blockByteCount: Int { get }  // CryptoKit.swiftinterface:334
  associatedtype Digest: CryptoKit.Digest  // CryptoKit.swiftinterface:335
  init()  // CryptoKit.swiftinterface:336
  mutating func update(bufferPointer: UnsafeRawBufferPointer)  // CryptoKit.swiftinterface:337
  func finalize() -> Self.Digest  // CryptoKit.swiftinterface:338
}
extension HashFunction {  // CryptoKit.swiftinterface:341
  public static func hash<D>(data: D) -> Self.Digest where D: DataProtocol { stub() }  // CryptoKit.swiftinterface:347
  public mutating func update<D>(data: D) where D: DataProtocol {}  // CryptoKit.swiftinterface:352
}

public struct SHA256 {  // CryptoKit.swiftinterface:224
  public static let blockByteCount: Int = stub()  // CryptoKit.swiftinterface:226
  public static let byteCount: Int = stub()  // CryptoKit.swiftinterface:227
  public typealias Digest = SHA256Digest  // CryptoKit.swiftinterface:228
  public init() {}  // CryptoKit.swiftinterface:229
  public mutating func update(bufferPointer: UnsafeRawBufferPointer) {}  // CryptoKit.swiftinterface:230
  public func finalize() -> SHA256.Digest { stub() }  // CryptoKit.swiftinterface:231
}
public struct SHA384 {  // CryptoKit.swiftinterface:234
  public static let blockByteCount: Int = stub()  // CryptoKit.swiftinterface:236
  public static let byteCount: Int = stub()  // CryptoKit.swiftinterface:237
  public typealias Digest = SHA384Digest  // CryptoKit.swiftinterface:238
  public init() {}  // CryptoKit.swiftinterface:239
  public mutating func update(bufferPointer: UnsafeRawBufferPointer) {}  // CryptoKit.swiftinterface:240
  public func finalize() -> SHA384.Digest { stub() }  // CryptoKit.swiftinterface:241
}
extension SHA256: HashFunction {}  // CryptoKit.swiftinterface:1272
extension SHA384: HashFunction {}  // CryptoKit.swiftinterface:1274

public struct SHA256Digest {  // CryptoKit.swiftinterface:665
  public static var byteCount: Int { stub() }  // CryptoKit.swiftinterface:666
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try body(UnsafeRawBufferPointer(start: nil, count: 0)) }  // CryptoKit.swiftinterface:669
  public func hash(into hasher: inout Hasher) {}  // CryptoKit.swiftinterface:673
  public typealias Element = UInt8  // CryptoKit.swiftinterface:675
  public typealias Iterator = Array<UInt8>.Iterator  // CryptoKit.swiftinterface:677
}
public struct SHA384Digest {  // CryptoKit.swiftinterface:683
  public static var byteCount: Int { stub() }  // CryptoKit.swiftinterface:684
  public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try body(UnsafeRawBufferPointer(start: nil, count: 0)) }  // CryptoKit.swiftinterface:687
  public func hash(into hasher: inout Hasher) {}  // CryptoKit.swiftinterface:691
  public typealias Element = UInt8  // CryptoKit.swiftinterface:693
  public typealias Iterator = Array<UInt8>.Iterator  // CryptoKit.swiftinterface:695
}
extension SHA256Digest: Digest {}  // CryptoKit.swiftinterface:1288
extension SHA384Digest: Digest {}  // CryptoKit.swiftinterface:1290

// MARK: - Errors

public enum CryptoKitError: Error {  // CryptoKit.swiftinterface:473
  case incorrectKeySize  // CryptoKit.swiftinterface:474
  case incorrectParameterSize  // CryptoKit.swiftinterface:475
  case authenticationFailure  // CryptoKit.swiftinterface:476
  case underlyingCoreCryptoError(error: Int32)  // CryptoKit.swiftinterface:477
  case wrapFailure  // CryptoKit.swiftinterface:479
  case unwrapFailure  // CryptoKit.swiftinterface:481
  case invalidParameter  // CryptoKit.swiftinterface:483
}
@available(iOS 17.4, macOS 14.4, visionOS 1.1, macCatalyst 17.4, *)
extension CryptoKitError: Equatable, Hashable {  // CryptoKit.swiftinterface:486
  public static func == (a: CryptoKitError, b: CryptoKitError) -> Bool { stub() }  // CryptoKit.swiftinterface:487
  public func hash(into hasher: inout Hasher) {}  // CryptoKit.swiftinterface:488
}

public enum CryptoKitASN1Error: Equatable, Error, Hashable {  // CryptoKit.swiftinterface:494
  case invalidFieldIdentifier  // CryptoKit.swiftinterface:495
  case unexpectedFieldType  // CryptoKit.swiftinterface:496
  case invalidObjectIdentifier  // CryptoKit.swiftinterface:497
  case invalidASN1Object  // CryptoKit.swiftinterface:498
  case invalidASN1IntegerEncoding  // CryptoKit.swiftinterface:499
  case truncatedASN1Field  // CryptoKit.swiftinterface:500
  case unsupportedFieldLength  // CryptoKit.swiftinterface:501
  case invalidPEMDocument  // CryptoKit.swiftinterface:502
}

// MARK: - P-256

public enum P256 {  // CryptoKit.swiftinterface:125
}
extension P256 {  // CryptoKit.swiftinterface:792
  public enum Signing {  // CryptoKit.swiftinterface:793
    public struct PublicKey {  // CryptoKit.swiftinterface:794
      public init<D>(rawRepresentation: D) throws where D: ContiguousBytes {}  // CryptoKit.swiftinterface:795
      public init<Bytes>(compactRepresentation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:796
      public init<Bytes>(x963Representation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:797
      public init<Bytes>(compressedRepresentation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:799
      public init(pemRepresentation: String) throws {}  // CryptoKit.swiftinterface:801
      public init<Bytes>(derRepresentation: Bytes) throws where Bytes: RandomAccessCollection, Bytes.Element == UInt8 {}  // CryptoKit.swiftinterface:803
      public var compactRepresentation: Data? { stub() }  // CryptoKit.swiftinterface:804
      public var rawRepresentation: Data { stub() }  // CryptoKit.swiftinterface:807
      public var x963Representation: Data { stub() }  // CryptoKit.swiftinterface:810
      public var compressedRepresentation: Data { stub() }  // CryptoKit.swiftinterface:814
      public var derRepresentation: Data { stub() }  // CryptoKit.swiftinterface:818
      public var pemRepresentation: String { stub() }  // CryptoKit.swiftinterface:822
    }
    public struct PrivateKey {  // CryptoKit.swiftinterface:826
      public init(compactRepresentable: Bool = true) {}  // CryptoKit.swiftinterface:827
      public init<Bytes>(x963Representation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:828
      public init<Bytes>(rawRepresentation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:829
      public init(pemRepresentation: String) throws {}  // CryptoKit.swiftinterface:831
      public init<Bytes>(derRepresentation: Bytes) throws where Bytes: RandomAccessCollection, Bytes.Element == UInt8 {}  // CryptoKit.swiftinterface:833
      public var publicKey: P256.Signing.PublicKey { stub() }  // CryptoKit.swiftinterface:834
      public var rawRepresentation: Data { stub() }  // CryptoKit.swiftinterface:837
      public var x963Representation: Data { stub() }  // CryptoKit.swiftinterface:840
      public var derRepresentation: Data { stub() }  // CryptoKit.swiftinterface:844
      public var pemRepresentation: String { stub() }  // CryptoKit.swiftinterface:848
    }
  }
}
extension P256.Signing {  // CryptoKit.swiftinterface:1188
  public struct ECDSASignature: ContiguousBytes {  // CryptoKit.swiftinterface:1189
    public var rawRepresentation: Data  // CryptoKit.swiftinterface:1190
    public init<D>(rawRepresentation: D) throws where D: DataProtocol { self.rawRepresentation = Data(rawRepresentation) }  // CryptoKit.swiftinterface:1191
    public init<D>(derRepresentation: D) throws where D: DataProtocol { self.rawRepresentation = Data(derRepresentation) }  // CryptoKit.swiftinterface:1192
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try rawRepresentation.withUnsafeBytes(body) }  // CryptoKit.swiftinterface:1193
    public var derRepresentation: Data { stub() }  // CryptoKit.swiftinterface:1194
  }
}
extension P256.Signing.PrivateKey {  // CryptoKit.swiftinterface:1200
  public func signature<D>(for digest: D) throws -> P256.Signing.ECDSASignature where D: Digest { stub() }  // CryptoKit.swiftinterface:1201
}
extension P256.Signing.PrivateKey {  // CryptoKit.swiftinterface:1204
  public func signature<D>(for data: D) throws -> P256.Signing.ECDSASignature where D: DataProtocol { stub() }  // CryptoKit.swiftinterface:1205
}
extension P256.Signing.PublicKey {  // CryptoKit.swiftinterface:1208
  public func isValidSignature<D>(_ signature: P256.Signing.ECDSASignature, for digest: D) -> Bool where D: Digest { stub() }  // CryptoKit.swiftinterface:1209
}
extension P256.Signing.PublicKey {  // CryptoKit.swiftinterface:1212
  public func isValidSignature<D>(_ signature: P256.Signing.ECDSASignature, for data: D) -> Bool where D: DataProtocol { stub() }  // CryptoKit.swiftinterface:1213
}

// MARK: - P-384

public enum P384 {  // CryptoKit.swiftinterface:128
}
extension P384 {  // CryptoKit.swiftinterface:918
  public enum Signing {  // CryptoKit.swiftinterface:919
    public struct PublicKey {  // CryptoKit.swiftinterface:920
      public init<D>(rawRepresentation: D) throws where D: ContiguousBytes {}  // CryptoKit.swiftinterface:921
      public init<Bytes>(compactRepresentation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:922
      public init<Bytes>(x963Representation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:923
      public init<Bytes>(compressedRepresentation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:925
      public init(pemRepresentation: String) throws {}  // CryptoKit.swiftinterface:927
      public init<Bytes>(derRepresentation: Bytes) throws where Bytes: RandomAccessCollection, Bytes.Element == UInt8 {}  // CryptoKit.swiftinterface:929
      public var compactRepresentation: Data? { stub() }  // CryptoKit.swiftinterface:930
      public var rawRepresentation: Data { stub() }  // CryptoKit.swiftinterface:933
      public var x963Representation: Data { stub() }  // CryptoKit.swiftinterface:936
      public var compressedRepresentation: Data { stub() }  // CryptoKit.swiftinterface:940
      public var derRepresentation: Data { stub() }  // CryptoKit.swiftinterface:944
      public var pemRepresentation: String { stub() }  // CryptoKit.swiftinterface:948
    }
    public struct PrivateKey {  // CryptoKit.swiftinterface:952
      public init(compactRepresentable: Bool = true) {}  // CryptoKit.swiftinterface:953
      public init<Bytes>(x963Representation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:954
      public init<Bytes>(rawRepresentation: Bytes) throws where Bytes: ContiguousBytes {}  // CryptoKit.swiftinterface:955
      public init(pemRepresentation: String) throws {}  // CryptoKit.swiftinterface:957
      public init<Bytes>(derRepresentation: Bytes) throws where Bytes: RandomAccessCollection, Bytes.Element == UInt8 {}  // CryptoKit.swiftinterface:959
      public var publicKey: P384.Signing.PublicKey { stub() }  // CryptoKit.swiftinterface:960
      public var rawRepresentation: Data { stub() }  // CryptoKit.swiftinterface:963
      public var x963Representation: Data { stub() }  // CryptoKit.swiftinterface:966
      public var derRepresentation: Data { stub() }  // CryptoKit.swiftinterface:970
      public var pemRepresentation: String { stub() }  // CryptoKit.swiftinterface:974
    }
  }
}
extension P384.Signing {  // CryptoKit.swiftinterface:1216
  public struct ECDSASignature: ContiguousBytes {  // CryptoKit.swiftinterface:1217
    public var rawRepresentation: Data  // CryptoKit.swiftinterface:1218
    public init<D>(rawRepresentation: D) throws where D: DataProtocol { self.rawRepresentation = Data(rawRepresentation) }  // CryptoKit.swiftinterface:1219
    public init<D>(derRepresentation: D) throws where D: DataProtocol { self.rawRepresentation = Data(derRepresentation) }  // CryptoKit.swiftinterface:1220
    public func withUnsafeBytes<R>(_ body: (UnsafeRawBufferPointer) throws -> R) rethrows -> R { try rawRepresentation.withUnsafeBytes(body) }  // CryptoKit.swiftinterface:1221
    public var derRepresentation: Data { stub() }  // CryptoKit.swiftinterface:1222
  }
}
extension P384.Signing.PrivateKey {  // CryptoKit.swiftinterface:1228
  public func signature<D>(for digest: D) throws -> P384.Signing.ECDSASignature where D: Digest { stub() }  // CryptoKit.swiftinterface:1229
}
extension P384.Signing.PrivateKey {  // CryptoKit.swiftinterface:1232
  public func signature<D>(for data: D) throws -> P384.Signing.ECDSASignature where D: DataProtocol { stub() }  // CryptoKit.swiftinterface:1233
}
extension P384.Signing.PublicKey {  // CryptoKit.swiftinterface:1236
  public func isValidSignature<D>(_ signature: P384.Signing.ECDSASignature, for digest: D) -> Bool where D: Digest { stub() }  // CryptoKit.swiftinterface:1237
}
extension P384.Signing.PublicKey {  // CryptoKit.swiftinterface:1240
  public func isValidSignature<D>(_ signature: P384.Signing.ECDSASignature, for data: D) -> Bool where D: DataProtocol { stub() }  // CryptoKit.swiftinterface:1241
}
