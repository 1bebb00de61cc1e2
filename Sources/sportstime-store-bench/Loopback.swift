import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The server group's own HTTP/1.1 client on 127.0.0.1 (Linux): one request, or many
/// connections held idle after one request each. Responses are read by `Content-Length`.
enum Loopback {
  /// A response: its status, body and, for a refusal, the server's reason header.
  struct Answer {
    var status: Int
    var body: [UInt8]
    var refusal: String?
  }

  /// A port no one listens on now (the system's pick for a socket bound to port 0).
  static func freePort() throws -> Int {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw BenchError("socket: errno \(errno)") }
    defer { Glibc.close(descriptor) }
    var address = loopback(port: 0)
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(descriptor, pointer, length) == 0 && getsockname(descriptor, pointer, &length) == 0
      }
    }
    guard bound else { throw BenchError("bind: errno \(errno)") }
    return Int(UInt16(bigEndian: address.sin_port))
  }

  /// `GET path` on a connection of its own, closed after the answer.
  static func exchange(port: Int, path: String, authorization: String?) throws -> Answer {
    let descriptor = try connect(port: port)
    defer { Glibc.close(descriptor) }
    try send(request(port: port, path: path, authorization: authorization), on: descriptor)
    return try readAnswer(from: descriptor)
  }

  /// Opens `count` connections, makes one request on each (with the `authorizations` in turn)
  /// and reads its answer, and leaves them open; each answer must be 200.
  static func holdIdle(count: Int, port: Int, path: String, authorizations: [String]) throws
    -> [Int32]
  {
    var descriptors: [Int32] = []
    do {
      for index in 0..<count {
        let descriptor = try connect(port: port)
        descriptors.append(descriptor)
        let authorization = authorizations[index % authorizations.count]
        try send(request(port: port, path: path, authorization: authorization), on: descriptor)
      }
      for descriptor in descriptors {
        let answer = try readAnswer(from: descriptor)
        guard answer.status == 200 else {
          throw BenchError("an idle connection's request answered \(answer.status)")
        }
      }
    } catch {
      close(descriptors)
      throw error
    }
    return descriptors
  }

  static func close(_ descriptors: [Int32]) {
    for descriptor in descriptors { Glibc.close(descriptor) }
  }

  // MARK: - Sockets

  private static func loopback(port: Int) -> sockaddr_in {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = in_addr_t(UInt32(0x7F00_0001).bigEndian)
    return address
  }

  private static func connect(port: Int) throws -> Int32 {
    let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard descriptor >= 0 else { throw BenchError("socket: errno \(errno)") }
    // Every wait of the bench's own client is bounded: 10 s for each read.
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var address = loopback(port: port)
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        Glibc.connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0
      }
    }
    guard connected else {
      let error = errno
      Glibc.close(descriptor)
      throw BenchError("connect to 127.0.0.1:\(port): errno \(error)")
    }
    return descriptor
  }

  private static func request(port: Int, path: String, authorization: String?) -> [UInt8] {
    var head = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\n"
    if let authorization { head += "Authorization: \(authorization)\r\n" }
    return Array((head + "\r\n").utf8)
  }

  private static func send(_ bytes: [UInt8], on descriptor: Int32) throws {
    var sent = 0
    while sent < bytes.count {
      let count = bytes[sent...].withUnsafeBytes {
        Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      guard count > 0 else { throw BenchError("send: errno \(errno)") }
      sent += count
    }
  }

  /// Reads one response: the head up to the blank line, then `Content-Length` bytes.
  private static func readAnswer(from descriptor: Int32) throws -> Answer {
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let separator = Array("\r\n\r\n".utf8)
    var headEnd: Int?
    var expected: Int?
    while true {
      if headEnd == nil, let end = firstRange(of: separator, in: received) {
        headEnd = end
        let head = String(decoding: received[..<end], as: UTF8.self)
        expected =
          end + separator.count + (field("content-length", in: head).flatMap(Int.init) ?? 0)
      }
      if let expected, received.count >= expected { break }
      let count = buffer.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
      guard count > 0 else { throw BenchError("the connection ended before a whole response") }
      received += buffer[..<count]
    }
    guard let headEnd, let expected else { throw BenchError("no response head") }
    let head = String(decoding: received[..<headEnd], as: UTF8.self)
    let statusLine = head.split(separator: "\r\n").first ?? ""
    let parts = statusLine.split(separator: " ")
    guard parts.count >= 2, let status = Int(parts[1]) else {
      throw BenchError("not an HTTP status line: \(statusLine)")
    }
    return Answer(
      status: status, body: Array(received[(headEnd + separator.count)..<expected]),
      refusal: field("x-local-app-store-refusal", in: head))
  }

  private static func field(_ name: String, in head: String) -> String? {
    for line in head.split(separator: "\r\n").dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      if line[..<colon].lowercased() == name {
        return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
      }
    }
    return nil
  }

  private static func firstRange(of needle: [UInt8], in bytes: [UInt8]) -> Int? {
    guard bytes.count >= needle.count else { return nil }
    for start in 0...(bytes.count - needle.count)
    where bytes[start..<(start + needle.count)].elementsEqual(needle) {
      return start
    }
    return nil
  }
}
