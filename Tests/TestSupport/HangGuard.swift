package import Testing

extension Trait where Self == TimeLimitTrait {
  /// The time limit of the suites that wait for something to happen: a guard that names a test
  /// that hangs, not a budget a slow machine can break.
  ///
  /// Each test case gets five minutes. The slowest cases take 42 s of wall time in the whole
  /// suite under ThreadSanitizer on two busy cores (the checklist, 28–42 s over three clean CI
  /// runs, 22–35 s under AddressSanitizer), so a one-minute limit left a margin of 1.4 and
  /// could fail a healthy run on a slower day. A wait for observed state ends when the limit
  /// cancels its test (`ObservedCondition`); whatever does not end then is still bounded by
  /// CI's limit on the whole run (`.ci/run`, `scripts/sanitize`), which names the hung tests.
  package static var hangGuard: Self { .timeLimit(.minutes(5)) }
}
