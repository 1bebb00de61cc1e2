#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The socket, poll and pipe calls of the HTTP server, and nothing else: this file imports only
// Glibc or Darwin and names nothing declared elsewhere in the module, so that the Darwin
// type-check can compile it alone. Where Glibc and Darwin differ, both shapes are here:
// `SOCK_STREAM` is an enum case of `__socket_type` on Glibc (imported with a raw value) and an
// `Int32` macro on Darwin; Darwin's `sockaddr_in` and `sockaddr_in6` start with a length byte
// (`sin_len`, `sin6_len`) and its `sa_family_t` is a byte; a write to a socket whose peer has
// gone raises SIGPIPE unless Linux's `send` is given `MSG_NOSIGNAL` or Darwin's socket has
// `SO_NOSIGPIPE` set.

/// A POSIX call that failed: its name and `errno`.
struct SocketFailure: Error, CustomStringConvertible {
  let call: String
  let code: Int32

  var description: String {
    "\(call): \(String(cString: strerror(code))) (errno \(code))"
  }
}

/// What a non-blocking read or write did.
enum SocketTransfer: Equatable {
  /// This many bytes moved (more than zero).
  case moved(Int)
  /// Nothing can move now (`EAGAIN`, `EWOULDBLOCK`): wait for `poll`.
  case wouldBlock
  /// The peer closed its side (a read of zero bytes).
  case endOfStream
  /// The connection failed (`ECONNRESET`, `EPIPE`, ...): close it.
  case failed(Int32)
}

/// The socket, poll and pipe calls the server makes, over the POSIX calls Glibc and Darwin
/// share.
enum PosixSocket {
  /// `poll`'s events, as `pollfd.events` and `revents` hold them.
  static let readable = Int16(POLLIN)
  static let writable = Int16(POLLOUT)
  static let hangUp = Int16(POLLHUP)
  static let error = Int16(POLLERR)
  static let invalid = Int16(POLLNVAL)

  private static var streamType: Int32 {
    #if canImport(Glibc)
      Int32(SOCK_STREAM.rawValue)
    #else
      SOCK_STREAM
    #endif
  }

  /// Makes a non-blocking listening TCP socket on `host` (an IPv4 or IPv6 literal) and `port`
  /// (0: one the system picks), and returns it with the port it is bound to. `nil` host
  /// address: `host` is not a numeric address.
  static func listening(host: String, port: UInt16, backlog: Int32) throws(SocketFailure) -> (
    descriptor: Int32, port: UInt16
  ) {
    var address4 = in_addr()
    var address6 = in6_addr()
    let family: Int32
    if inet_pton(AF_INET, host, &address4) == 1 {
      family = AF_INET
    } else if inet_pton(AF_INET6, host, &address6) == 1 {
      family = AF_INET6
    } else {
      throw SocketFailure(call: "inet_pton(\(host))", code: EINVAL)
    }
    let descriptor = socket(family, streamType, 0)
    guard descriptor >= 0 else { throw SocketFailure(call: "socket", code: errno) }
    var one: Int32 = 1
    let size = socklen_t(MemoryLayout<Int32>.size)
    _ = setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, size)
    if family == AF_INET6 {
      _ = setsockopt(descriptor, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, size)
    }
    let bound: Int32
    if family == AF_INET {
      var address = sockaddr_in()
      #if canImport(Darwin)
        address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      #endif
      address.sin_family = sa_family_t(AF_INET)
      address.sin_port = port.bigEndian
      address.sin_addr = address4
      bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
        }
      }
    } else {
      var address = sockaddr_in6()
      #if canImport(Darwin)
        address.sin6_len = UInt8(MemoryLayout<sockaddr_in6>.size)
      #endif
      address.sin6_family = sa_family_t(AF_INET6)
      address.sin6_port = port.bigEndian
      address.sin6_addr = address6
      bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in6>.size))
        }
      }
    }
    guard bound == 0 else {
      let code = errno
      closeDescriptor(descriptor)
      throw SocketFailure(call: "bind(\(host), \(port))", code: code)
    }
    guard listen(descriptor, backlog) == 0 else {
      let code = errno
      closeDescriptor(descriptor)
      throw SocketFailure(call: "listen", code: code)
    }
    guard setNonBlocking(descriptor) else {
      let code = errno
      closeDescriptor(descriptor)
      throw SocketFailure(call: "fcntl(O_NONBLOCK)", code: code)
    }
    // The port bound (the one the system picked when `port` is 0).
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    let named = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    guard named == 0 else {
      let code = errno
      closeDescriptor(descriptor)
      throw SocketFailure(call: "getsockname", code: code)
    }
    let boundPort: UInt16 = withUnsafePointer(to: &storage) {
      if family == AF_INET {
        $0.withMemoryRebound(to: sockaddr_in.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin_port)
        }
      } else {
        $0.withMemoryRebound(to: sockaddr_in6.self, capacity: 1) {
          UInt16(bigEndian: $0.pointee.sin6_port)
        }
      }
    }
    return (descriptor, boundPort)
  }

  /// Accepts one connection, made non-blocking with Nagle's delay off (a response is written
  /// whole, and a small one must not wait for the acknowledgement of the previous); `nil` when
  /// none is waiting or the call failed (the listener stays).
  static func acceptConnection(_ listener: Int32) -> Int32? {
    let descriptor = accept(listener, nil, nil)
    guard descriptor >= 0 else { return nil }
    guard setNonBlocking(descriptor) else {
      closeDescriptor(descriptor)
      return nil
    }
    var one: Int32 = 1
    let size = socklen_t(MemoryLayout<Int32>.size)
    _ = setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, size)
    #if canImport(Darwin)
      _ = setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, size)
    #endif
    return descriptor
  }

  /// Whether the last failed `accept` may succeed later (no connection waiting, interrupted, or
  /// a connection the peer aborted before it was accepted).
  static func acceptMayRetry(_ code: Int32) -> Bool {
    code == EAGAIN || code == EWOULDBLOCK || code == EINTR || code == ECONNABORTED
  }

  /// The last call's `errno`.
  static var lastError: Int32 { errno }

  static func setNonBlocking(_ descriptor: Int32) -> Bool {
    let flags = fcntl(descriptor, F_GETFL, 0)
    guard flags >= 0 else { return false }
    return fcntl(descriptor, F_SETFL, flags | O_NONBLOCK) == 0
  }

  /// Reads what is there, at most `buffer.count` bytes.
  static func receive(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer)
    -> SocketTransfer
  {
    while true {
      let count = recv(descriptor, buffer.baseAddress, buffer.count, 0)
      if count > 0 { return .moved(count) }
      if count == 0 { return .endOfStream }
      let code = errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
      return .failed(code)
    }
  }

  /// Writes what the socket takes now of `bytes`, without SIGPIPE.
  static func sendBytes(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> SocketTransfer {
    #if canImport(Glibc)
      let flags = Int32(MSG_NOSIGNAL)
    #else
      let flags: Int32 = 0  // SO_NOSIGPIPE is set on the socket (`accept`)
    #endif
    while true {
      let count = send(descriptor, bytes.baseAddress, bytes.count, flags)
      if count >= 0 { return .moved(count) }
      let code = errno
      if code == EINTR { continue }
      if code == EAGAIN || code == EWOULDBLOCK { return .wouldBlock }
      return .failed(code)
    }
  }

  /// Closes the writing side only: the peer reads the end of the stream after what was sent.
  static func shutdownWriting(_ descriptor: Int32) {
    _ = shutdown(descriptor, Int32(SHUT_WR))
  }

  static func closeDescriptor(_ descriptor: Int32) {
    _ = close(descriptor)
  }

  /// A non-blocking pipe: (reading end, writing end).
  static func makePipe() throws(SocketFailure) -> (reader: Int32, writer: Int32) {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw SocketFailure(call: "pipe", code: errno) }
    guard setNonBlocking(ends[0]), setNonBlocking(ends[1]) else {
      let code = errno
      closeDescriptor(ends[0])
      closeDescriptor(ends[1])
      throw SocketFailure(call: "fcntl(O_NONBLOCK)", code: code)
    }
    return (ends[0], ends[1])
  }

  /// Writes one byte to a pipe (a full pipe already wakes its reader: the byte is not needed).
  static func signal(_ writer: Int32) {
    var byte: UInt8 = 1
    _ = write(writer, &byte, 1)
  }

  /// Reads everything waiting in a pipe.
  static func drain(_ reader: Int32) {
    var bytes = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
    while withUnsafeMutableBytes(of: &bytes, { read(reader, $0.baseAddress, $0.count) }) > 0 {}
  }

  /// `poll(2)` over `descriptors`, at most `milliseconds` (-1: no limit); the number ready, 0
  /// on a timeout or an interruption.
  static func pollDescriptors(_ descriptors: inout [pollfd], milliseconds: Int32) -> Int32 {
    let count = descriptors.count
    let ready = descriptors.withUnsafeMutableBufferPointer {
      poll($0.baseAddress, nfds_t(count), milliseconds)
    }
    return ready < 0 ? 0 : ready
  }

  /// A `pollfd` waiting for `events`.
  static func pollEntry(_ descriptor: Int32, _ events: Int16) -> pollfd {
    pollfd(fd: descriptor, events: events, revents: 0)
  }

  /// Seconds since 1970 (for the `Date` header field).
  static func epochSeconds() -> Int { time(nil) }
}
