#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

// The socket calls of an HTTP/1.1 server in the shape that compiles on both systems: check-darwin's
// self-test type-checks it against Linux's Glibc and, as a new target's file, against
// scripts/darwin-headers as macOS. A declaration the server needs that the headers lose fails
// there. Never built by the package (scripts/testdata).

enum Probe {
  #if canImport(Glibc)
    static let stream = Int32(SOCK_STREAM.rawValue)
  #else
    static let stream = SOCK_STREAM
  #endif

  static func listen4(port: UInt16) -> Int32 {
    _ = signal(SIGPIPE, SIG_IGN)
    let fd = socket(AF_INET, stream, 0)
    var one: Int32 = 1
    _ = setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
    _ = setsockopt(fd, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
    var address = sockaddr_in()
    #if canImport(Darwin)
      address.sin_len = UInt8(MemoryLayout<sockaddr_in>.size)
      _ = setsockopt(fd, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
    #endif
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = port.bigEndian
    address.sin_addr = in_addr(s_addr: INADDR_ANY)
    _ = inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(fd, SOMAXCONN) == 0 else { return -1 }
    var storage = sockaddr_storage()
    var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
    _ = withUnsafeMutablePointer(to: &storage) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &length) }
    }
    var six = sockaddr_in6()
    six.sin6_family = sa_family_t(AF_INET6)
    six.sin6_addr = in6addr_loopback
    _ = setsockopt(fd, Int32(IPPROTO_IPV6), IPV6_V6ONLY, &one, socklen_t(MemoryLayout<Int32>.size))
    var text = [CChar](repeating: 0, count: Int(INET6_ADDRSTRLEN))
    _ = inet_ntop(AF_INET6, &six.sin6_addr, &text, socklen_t(text.count))
    _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
    var fds = [pollfd(fd: fd, events: Int16(POLLIN), revents: 0)]
    _ = poll(&fds, nfds_t(fds.count), 100)
    if fds[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 { return -1 }
    let client = accept(fd, nil, nil)
    var buffer = [UInt8](repeating: 0, count: 16)
    let n = read(client, &buffer, buffer.count)
    _ = write(client, buffer, max(n, 0))
    _ = recv(client, &buffer, buffer.count, 0)
    _ = send(client, buffer, 1, 0)
    if errno == EAGAIN || errno == EWOULDBLOCK || errno == ECONNRESET || errno == EPIPE
      || errno == EADDRINUSE || errno == EINTR
    {
      _ = shutdown(client, Int32(SHUT_RDWR))
    }
    _ = usleep(10)
    _ = kill(getpid(), SIGTERM)
    _ = SIGINT
    _ = close(client)
    return fd
  }
}
