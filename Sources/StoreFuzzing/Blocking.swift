import Dispatch

/// Runs async work to completion from the synchronous fuzz callback.
///
/// libFuzzer calls the test function on the driver thread of ``FuzzDriver/run(_:)``: neither a
/// thread of Swift's cooperative pool nor the main thread, so waiting on a semaphore there
/// starves neither the pool the work runs on nor the main actor the app's commands use.
func blocking<T: Sendable>(_ body: @escaping @Sendable () async -> T) -> T {
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
