import Dispatch

/// Runs async work to completion from the synchronous fuzz callback.
///
/// libFuzzer calls the test function on its own thread, not on a Swift concurrency thread, so
/// waiting on a semaphore there does not starve the cooperative pool the work runs on.
public func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
  let box = ResultBox<T>()
  let done = DispatchSemaphore(value: 0)
  Task {
    box.value = await body()
    done.signal()
  }
  done.wait()
  guard let value = box.value else { fatalError("blocking: the task ended without a value") }
  return value
}

/// The result of the task, handed from its thread to the waiting one.
///
/// `@unchecked Sendable` invariant: `value` is written once by the task before it signals the
/// semaphore and read only after the wait returns, so the semaphore orders the two accesses.
private final class ResultBox<T>: @unchecked Sendable {
  var value: T?
}
