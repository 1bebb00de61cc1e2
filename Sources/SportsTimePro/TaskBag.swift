import StoreInternals

/// The long-lived tasks an object owns, cancelled together when it stops or goes away.
final class TaskBag<Slot: Hashable & Sendable>: Sendable {
  private let tasks = Locked<[Slot: Task<Void, Never>]>([:])

  /// Puts `task` in `slot`, cancelling the task that was there.
  func replace(_ slot: Slot, with task: Task<Void, Never>) {
    let previous = tasks.withLock { $0.updateValue(task, forKey: slot) }
    previous?.cancel()
  }

  /// Whether a task sits in `slot`.
  func contains(_ slot: Slot) -> Bool {
    tasks.withLock { $0[slot] != nil }
  }

  /// Cancels and removes the task of `slot`.
  func cancel(_ slot: Slot) {
    tasks.withLock { $0.removeValue(forKey: slot) }?.cancel()
  }

  /// Cancels every task and empties the bag.
  func cancelAll() {
    let all = tasks.withLock { tasks in
      defer { tasks = [:] }
      return Array(tasks.values)
    }
    for task in all { task.cancel() }
  }
}
