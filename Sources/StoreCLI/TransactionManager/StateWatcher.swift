/// Tells the Transaction Manager's open pages when the state changed, whoever changed it: the
/// page itself, another `sportstime-store` process, a test, or the App Store Server API.
///
/// It asks `stamp` (the server's word for "which state is this": its SQLite `data_version`
/// and file identity, and the API's own writes) on each ``check()``; ``run(every:)`` checks four
/// times a second, so a change shows within a second without the page asking. Each stream gets
/// `event: change` with the new ``version``, and a comment line now and then so that a proxy
/// or the browser keeps the connection.
package actor StateWatcher {
  private let stamp: @Sendable () async -> String
  /// Bumped on each change seen.
  private(set) var version = 0
  private var last: String?
  private var streams: [Int: AsyncStream<[UInt8]>.Continuation] = [:]
  private var nextStream = 0

  init(stamp: @escaping @Sendable () async -> String) {
    self.stamp = stamp
  }

  /// Asks for the stamp once; when it moved, bumps ``version`` and tells every stream.
  /// Returns the version.
  @discardableResult
  package func check() async -> Int {
    let now = await stamp()
    if let last, now != last {
      version += 1
      send("event: change\ndata: {\"version\":\(version)}\n\n")
    }
    last = now
    return version
  }

  /// A new stream of events for one page: its first event is the current version.
  package func subscribe() -> AsyncStream<[UInt8]> {
    let id = nextStream
    nextStream += 1
    let (stream, continuation) = AsyncStream<[UInt8]>.makeStream(
      bufferingPolicy: .bufferingNewest(16))
    continuation.onTermination = { _ in
      Task { await self.remove(id) }
    }
    // The browser reconnects after 1 s if the stream breaks (the server restarts).
    continuation.yield(Array("retry: 1000\nevent: hello\ndata: {\"version\":\(version)}\n\n".utf8))
    streams[id] = continuation
    return stream
  }

  /// How many pages are listening.
  var listeners: Int { streams.count }

  /// Checks every `interval` until cancelled (the server stops), with a comment line to each
  /// stream every `heartbeat` checks; ends every stream when it stops.
  func run(every interval: Duration, heartbeat: Int = 60) async {
    var ticks = 0
    while !Task.isCancelled {
      await check()
      ticks += 1
      if ticks % heartbeat == 0 { send(": still here\n\n") }
      do {
        try await Task.sleep(for: interval)
      } catch {
        break
      }
    }
    finishAll()
  }

  /// Ends every stream (the server stops).
  func finishAll() {
    for continuation in streams.values { continuation.finish() }
    streams.removeAll()
  }

  private func send(_ text: String) {
    let bytes = Array(text.utf8)
    for continuation in streams.values { continuation.yield(bytes) }
  }

  private func remove(_ id: Int) {
    streams[id] = nil
  }
}
