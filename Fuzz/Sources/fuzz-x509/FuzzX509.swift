import Foundation
import FuzzSupport
@_spi(Fuzz) import StoreFuzzing

/// Fuzzes the Swift DER and X.509 readers, and the chain rules against OpenSSL's (Linux only:
/// the oracle is OpenSSL). The harness is StoreFuzzing's `X509Harness`.
@main
enum FuzzX509 {
  static func main() {
    #if os(Linux)
      _ = X509Harness.shared
      FuzzDriver.run { data, size in
        X509Harness.shared.check(FuzzDriver.buffer(data, size))
        return 0
      }
    #else
      FileHandle.standardError.write(Data("fuzz-x509: Linux only (OpenSSL is the oracle)\n".utf8))
    #endif
  }
}
