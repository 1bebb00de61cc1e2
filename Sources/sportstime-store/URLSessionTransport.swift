#if canImport(Darwin)
  import Foundation
  import LocalAppStore

  /// Posts server notifications with Foundation's `URLSession`: the tool's client on Apple's
  /// platforms, where it is part of Foundation (on Linux it is FoundationNetworking, which the tool
  /// does not link: `HTTPPostTransport`). The package's tests never use it; they inject their own.
  struct URLSessionTransport: NotificationTransport {
    func post(_ body: Data, to url: URL, timeout: TimeInterval) async -> NotificationPostOutcome {
      var request = URLRequest(url: url, timeoutInterval: timeout)
      request.httpMethod = "POST"
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = body
      let configuration = URLSessionConfiguration.ephemeral
      configuration.timeoutIntervalForRequest = timeout
      configuration.timeoutIntervalForResource = timeout
      let session = URLSession(configuration: configuration)
      defer { session.finishTasksAndInvalidate() }
      do {
        let (_, response) = try await session.data(for: request)
        guard let http = response as? HTTPURLResponse else {
          return .failed(result: "INVALID_RESPONSE", reason: "not an HTTP response")
        }
        return .status(http.statusCode)
      } catch let error as URLError {
        switch error.code {
        case .timedOut: return .failed(result: "TIMED_OUT", reason: error.localizedDescription)
        case .cannotConnectToHost, .cannotFindHost, .networkConnectionLost, .notConnectedToInternet:
          return .failed(result: "NO_RESPONSE", reason: error.localizedDescription)
        default: return .failed(result: "OTHER", reason: error.localizedDescription)
        }
      } catch {
        return .failed(result: "OTHER", reason: "\(error)")
      }
    }
  }
#endif
