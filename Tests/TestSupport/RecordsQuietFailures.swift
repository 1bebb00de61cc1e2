import LocalAppStore
package import Testing

/// Makes each ``LocalAppStore/QuietFailure`` an issue of the test it happened in: a state the
/// store cannot read fails the test, where StoreKit's non-throwing APIs answer empty.
package struct RecordsQuietFailures: TestTrait, SuiteTrait, TestScoping {
  package var isRecursive: Bool { true }

  package func provideScope(
    for test: Test, testCase: Test.Case?, performing function: @Sendable () async throws -> Void
  ) async throws {
    let record: @Sendable (QuietFailure) -> Void = { failure in
      Issue.record(Comment(rawValue: failure.description))
    }
    try await QuietFailure.$handler.withValue(record, operation: function)
  }
}

extension Trait where Self == RecordsQuietFailures {
  /// Each quiet failure of the local App Store recorded as an issue of the running test.
  package static var recordsQuietFailures: Self { Self() }
}
