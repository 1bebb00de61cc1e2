import Foundation
import Observation

/// Waiting for the app's observed state: the terminal's way to see what a SwiftUI view would
/// re-render on, such as `isPro` turning off when a refund arrives through the listener.
@MainActor
enum ObservedCondition {
  /// Waits until `condition` holds, re-checking whenever an observed property it reads
  /// changes: no polling, no sleeping to let things happen.
  ///
  /// - Parameter timeout: Real time after which waiting gives up: a guard against a bug that
  ///   never makes the condition true, not a delay.
  /// - Returns: Whether the condition holds.
  static func wait(
    timeout: Duration = .seconds(10), until condition: @escaping @MainActor () -> Bool
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: timeout)
    while !condition() {
      guard clock.now < deadline else { return false }
      var timer: Task<Void, Never>?
      await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
        let once = ResumeOnce(continuation)
        withObservationTracking {
          _ = condition()
        } onChange: {
          once.resume()
        }
        // It may have come true between the check and the tracking.
        if condition() { once.resume() }
        timer = Task {
          try? await clock.sleep(until: deadline)
          once.resume()
        }
      }
      timer?.cancel()
    }
    return true
  }
}

/// A continuation resumed at most once, by whichever of several events comes first.
private final class ResumeOnce: @unchecked Sendable {
  // Sendable: `continuation` is only touched under `lock`.
  private let lock = NSLock()
  private var continuation: CheckedContinuation<Void, Never>?

  init(_ continuation: CheckedContinuation<Void, Never>) {
    self.continuation = continuation
  }

  func resume() {
    let pending = lock.withLock { () -> CheckedContinuation<Void, Never>? in
      defer { continuation = nil }
      return continuation
    }
    pending?.resume()
  }
}
