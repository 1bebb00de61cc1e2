import Foundation
import Observation
import StoreInternals

/// Waiting for the app's observed state: how the terminal app and the tests see what a SwiftUI
/// view would re-render on, such as `isPro` turning off when a refund arrives through the
/// listener. For the package's own tools and tests (`package`), not for apps.
@MainActor
package enum ObservedCondition {
  /// Waits until `condition` holds, re-checking whenever an observed property it reads
  /// changes: no polling, no sleeping to let things happen.
  ///
  /// What is awaited is an in-process hop: an update the local App Store has already committed
  /// and put on the listener's stream, handled by the manager on the main actor. It takes
  /// milliseconds, also under the sanitizers on two busy cores, so the timeout only bounds a bug
  /// that never makes the condition true; it is far above any healthy wait so that a slow
  /// machine cannot fail the demo by chance. Cancelling the waiting task ends the wait at once.
  ///
  /// - Parameter timeout: Real time after which waiting gives up; `nil` waits until the
  ///   condition holds or the task is cancelled (tests: their time limit cancels them).
  /// - Returns: Whether the condition holds.
  package static func wait(
    timeout: Duration? = .seconds(60), until condition: @escaping @MainActor () -> Bool
  ) async -> Bool {
    let clock = ContinuousClock()
    let deadline = timeout.map { clock.now.advanced(by: $0) }
    while !condition() {
      guard deadline.map({ clock.now < $0 }) ?? true, !Task.isCancelled else { return false }
      let once = ResumeOnce()
      let timer = deadline.map { deadline in
        Task {
          try? await clock.sleep(until: deadline)
          once.resume()
        }
      }
      await withTaskCancellationHandler {
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
          once.set(continuation)
          withObservationTracking {
            _ = condition()
          } onChange: {
            once.resume()
          }
          // It may have come true between the check and the tracking.
          if condition() { once.resume() }
        }
      } onCancel: {
        once.resume()
      }
      timer?.cancel()
    }
    return true
  }
}

/// A continuation resumed at most once, by whichever of several events comes first — also by
/// one that comes before the continuation is set. Events arrive from any thread.
private final class ResumeOnce: Sendable {
  private enum State {
    case waiting
    case suspended(CheckedContinuation<Void, Never>)
    case resumed
  }

  private let state = Locked(State.waiting)

  func set(_ continuation: CheckedContinuation<Void, Never>) {
    let resumeNow = state.withLock { state -> Bool in
      guard case .waiting = state else { return true }
      state = .suspended(continuation)
      return false
    }
    if resumeNow { continuation.resume() }
  }

  func resume() {
    let pending = state.withLock { state -> CheckedContinuation<Void, Never>? in
      defer { state = .resumed }
      if case .suspended(let continuation) = state { return continuation }
      return nil
    }
    pending?.resume()
  }
}
