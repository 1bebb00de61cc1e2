/// Why the server could not start.
package enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
  /// `start()` was called before (a server starts once).
  case alreadyStarted
  /// The listening socket could not be made: the call that failed and its error.
  case cannotListen(String)

  package var description: String {
    switch self {
    case .alreadyStarted: "the server was started already"
    case .cannotListen(let reason): "cannot listen: \(reason)"
    }
  }
}
