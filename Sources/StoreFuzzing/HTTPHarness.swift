import StoreHTTP

/// Fuzzes the HTTP request parser (`HTTPRequestParser`) on any bytes, as a connection's stream
/// of pipelined requests, under the default limits and under small ones (so that every limit is
/// reached). The oracle, besides no crash, hang or leak:
/// - the same bytes fed whole and fed in pieces (sizes picked by the bytes) give the same
///   requests and the same refusal;
/// - a refusal has a status of the parser's table and a reason; a request's body is within the
///   limit, its path starts with `/` (or is `*`), and the parser never reads past the input;
/// - a request written back as bytes (request line, fields, body) parses to the same request.
@_spi(Fuzz) public final class HTTPHarness: Sendable {
  /// The harness of the process.
  public static let shared = HTTPHarness()

  static let statuses: Set<Int> = [400, 411, 413, 414, 417, 421, 431, 501, 505]
  private let hosts = HostRule(configuredHost: "127.0.0.1", allowedHosts: ["store.test"])
  private let limitSets = [
    HTTPLimits(),
    HTTPLimits(requestLine: 64, headerCount: 4, headerBytes: 160, body: 32),
  ]

  private init() {}

  /// Checks one input; a finding stops the process.
  public func check(_ bytes: UnsafeBufferPointer<UInt8>) {
    if let finding = finding(Array(bytes)) { fuzzFinding(finding) }
  }

  /// What the oracle finds wrong with one input, or `nil` (the tests replay the stored inputs
  /// with it).
  public func finding(_ input: [UInt8]) -> String? {
    do {
      try checkInput(input)
      return nil
    } catch {
      return error.message
    }
  }

  private struct Finding: Error {
    let message: String
    init(_ message: String) { self.message = message }
  }

  private func checkInput(_ input: [UInt8]) throws(Finding) {
    let step = Int(input.first ?? 0) % 13 + 1
    for limits in limitSets {
      let whole = try parse(input, limits: limits, step: nil)
      let pieces = try parse(input, limits: limits, step: step)
      guard whole.summary == pieces.summary else {
        throw Finding(
          "fed whole: \(whole.summary); fed \(step) bytes at a time: \(pieces.summary)")
      }
      for request in whole.requests { try roundTrip(request) }
    }
  }

  private struct Outcome {
    var summary: [String] = []
    var requests: [HTTPRequest] = []
  }

  private func parse(_ input: [UInt8], limits: HTTPLimits, step: Int?) throws(Finding) -> Outcome {
    var parser = HTTPRequestParser(limits: limits, hosts: hosts)
    var outcome = Outcome()
    var buffer: [UInt8] = []
    var start = 0
    var fed = 0
    repeat {
      let end = min(fed + (step ?? input.count), input.count)
      buffer += input[fed..<end]
      fed = end
      while true {
        let before = start
        let event = parser.next(buffer, start: &start)
        guard start >= before, start <= buffer.count else {
          throw Finding("the parser moved from \(before) to \(start) in \(buffer.count) bytes")
        }
        switch event {
        case .needMore:
          break
        case .sendContinue:
          outcome.summary.append("100-continue")
          continue
        case .request(let request, let keepAlive):
          guard request.body.count <= limits.body else {
            throw Finding("a body of \(request.body.count) bytes passed a limit of \(limits.body)")
          }
          guard request.path.hasPrefix("/") || request.path == "*" else {
            throw Finding("a request with the path \(request.path)")
          }
          outcome.summary.append(Self.describe(request) + " keepAlive \(keepAlive)")
          outcome.requests.append(request)
          continue
        case .refused(let refusal):
          guard Self.statuses.contains(refusal.status), !refusal.reason.isEmpty else {
            throw Finding("a refusal out of the table: \(refusal)")
          }
          outcome.summary.append("refused \(refusal)")
          return outcome
        }
        break
      }
      // A buffer compacted as a connection's is: the consumed bytes go.
      if start > 0 && step != nil {
        buffer.removeFirst(start)
        start = 0
      }
    } while fed < input.count
    return outcome
  }

  /// The request written back as bytes parses to the same request.
  private func roundTrip(_ request: HTTPRequest) throws(Finding) {
    var text = "\(request.method) \(request.target) \(request.version)\r\n"
    for (name, value) in request.headers { text += "\(name): \(value)\r\n" }
    text += "\r\n"
    var parser = HTTPRequestParser(limits: HTTPLimits(), hosts: hosts)
    var start = 0
    let bytes = Array(text.utf8) + request.body
    var event = parser.next(bytes, start: &start)
    if case .sendContinue = event { event = parser.next(bytes, start: &start) }
    switch event {
    case .request(let again, _):
      guard Self.describe(again) == Self.describe(request) else {
        throw Finding("written back, \(Self.describe(request)) parsed as \(Self.describe(again))")
      }
    case .refused(let refusal) where refusal.reason == "host-not-allowed":
      break  // an absolute-form target's authority was the host checked, not `Host`
    default:
      throw Finding("written back, \(Self.describe(request)) gave \(event)")
    }
  }

  private static func describe(_ request: HTTPRequest) -> String {
    let query = request.query.map { "\($0.name)=\($0.value)" }
    let fields = request.headers.fields.map { "\($0.name): \($0.value)" }
    return
      "\(request.method) \(request.target) \(request.path) \(query) \(fields) "
      + "\(request.body) \(request.version)"
  }
}
