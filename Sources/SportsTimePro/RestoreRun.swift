import Observation
import StoreModel

/// A restore started from a screen (the paywall, the settings' free section): one at a time,
/// and what it found.
@Observable
@MainActor
final class RestoreRun {
  /// Whether a restore is running.
  private(set) var isRunning = false
  /// Whether the latest restore found no Pro and failed with no error: "No active subscription
  /// found."
  private(set) var foundNothing = false
  /// The message of the latest restore's failure, when it found no Pro because the sync failed.
  private(set) var failure: String?

  /// Restores purchases through `store`, unless a restore is already running.
  func run(on store: StoreManager) async {
    guard !isRunning else { return }
    isRunning = true
    foundNothing = false
    failure = nil
    let isPro = await store.restore()
    isRunning = false
    guard !isPro else { return }
    if let error = store.lastError { failure = error.message } else { foundNothing = true }
  }

  /// Forgets what the latest restore found (a purchase began).
  func clear() {
    foundNothing = false
    failure = nil
  }
}
