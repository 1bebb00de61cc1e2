import FuzzSupport
@_spi(Fuzz) import StoreFuzzing

/// Fuzzes the HTTP request parser of the local App Store's server (StoreHTTP). The harness is
/// StoreFuzzing's `HTTPHarness`.
@main
enum FuzzHTTP {
  static func main() {
    _ = HTTPHarness.shared
    FuzzDriver.run { data, size in
      HTTPHarness.shared.check(FuzzDriver.buffer(data, size))
      return 0
    }
  }
}
