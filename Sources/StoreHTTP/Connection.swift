/// One client's connection: only the loop's thread touches it.
final class Connection {
  let id: UInt64
  let descriptor: Int32
  var parser: HTTPRequestParser
  var input: [UInt8] = []
  var inputStart = 0
  var output: [UInt8] = []
  var outputStart = 0
  /// A request is with the handler, or its stream is being written.
  var inFlight = false
  var streaming = false
  var task: Task<Void, Never>?
  /// Close once the output is written (after a half-close and a drain).
  var closeAfterWrite = false
  var lingerDeadline: Duration?
  var peerClosed = false
  var lastActivity: Duration

  init(id: UInt64, descriptor: Int32, parser: HTTPRequestParser, now: Duration) {
    self.id = id
    self.descriptor = descriptor
    self.parser = parser
    self.lastActivity = now
  }

  var hasOutput: Bool { outputStart < output.count }
}
