// The Darwin module's Swift overlay: what Swift's own Darwin module adds over the C module on a
// Mac (swiftlang/swift, stdlib/public/Platform/Platform.swift, each declaration under its
// `#if canImport(Darwin)` branch), for the C declarations the importer cannot import: errno (a
// macro over a call), open and fcntl (variadic), SIG_DFL and SIG_IGN (casts to function
// pointers). scripts/check-darwin builds it over the C module with `-import-underlying-module`,
// as the real overlay is built. For type-checking only: it is never linked, so the bodies only
// have to compile.
@_exported import Darwin

/// `errno`: Platform.swift's `public var errno: Int32` over `__error()` (sys/errno.h).
public var errno: Int32 {
  get { __error().pointee }
  set { __error().pointee = newValue }
}

/// open(2) without and with a mode: Platform.swift's `open(_:_:)` and `open(_:_:_:)`; mode_t is
/// a UInt16 on Darwin (sys/_types.h), a UInt32 in Glibc.
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32) -> Int32 { -1 }
public func open(_ path: UnsafePointer<CChar>, _ oflag: Int32, _ mode: mode_t) -> Int32 { -1 }

/// fcntl(2): Platform.swift's three forms, no argument, an Int32, a pointer.
public func fcntl(_ fd: Int32, _ cmd: Int32) -> Int32 { -1 }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ value: Int32) -> Int32 { -1 }
public func fcntl(_ fd: Int32, _ cmd: Int32, _ ptr: UnsafeMutableRawPointer) -> Int32 { -1 }

/// Platform.swift's Darwin signal handlers: `sig_t` values (Glibc's are `__sighandler_t`).
public var SIG_DFL: sig_t? { nil }
public var SIG_IGN: sig_t { unsafeBitCast(1, to: sig_t.self) }
