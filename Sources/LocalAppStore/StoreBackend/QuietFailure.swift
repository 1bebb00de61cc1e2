import Foundation

/// A failure the store could not throw: StoreKit's `Transaction.currentEntitlements`,
/// `Transaction.all`, `Transaction.unfinished`, `Transaction.finish()` and
/// `isEligibleForIntroOffer(for:)` answer, they never throw, so a state the store cannot read
/// answers empty there. It is never quiet: each one goes to ``handler``, which a test sets to
/// record an issue.
package struct QuietFailure: Sendable, CustomStringConvertible {
  /// The StoreKit API that answered empty: `currentEntitlements`, `finish`, …
  package let api: String
  /// What failed.
  package let error: LocalAppStoreError

  package var description: String {
    "local App Store: \(api) answered empty, as StoreKit does, because \(error.reason)"
  }

  /// Where a quiet failure goes, for the task that made the call and the tasks it starts (a
  /// task-local value). By default it is written to standard error; a test sets it to Swift
  /// Testing's `Issue.record` (`withValue(_:operation:)`, or the test-support trait
  /// `.recordsQuietFailures`), so that a damaged state fails the test rather than read as "no
  /// entitlements".
  @TaskLocal package static var handler: @Sendable (QuietFailure) -> Void = {
    FileHandle.standardError.write(Data("\($0)\n".utf8))
  }

  /// `body`'s answer to StoreKit's `api`, or `fallback` when it fails: the failure goes to
  /// ``handler``.
  static func answer<T>(
    _ api: String, else fallback: T, _ body: () throws(LocalAppStoreError) -> T
  ) -> T {
    do {
      return try body()
    } catch {
      handler(QuietFailure(api: api, error: error))
      return fallback
    }
  }
}
