internal import COpenSSL

/// OpenSSL memory BIOs, for the PEM and PKCS#8 functions that read and write through one.
enum MemoryBIO {
  /// Runs `body` with a read-only BIO over `bytes`; `nil` if the BIO cannot be made.
  static func reading<T>(_ bytes: [UInt8], _ body: (OpaquePointer) -> T?) -> T? {
    bytes.withUnsafeBytes { buffer -> T? in
      guard let bio = BIO_new_mem_buf(buffer.baseAddress, Int32(buffer.count)) else { return nil }
      defer { BIO_free(bio) }
      return body(bio)
    }
  }

  /// The bytes `body` writes to a fresh memory BIO, or `nil` if `body` returns other than 1.
  static func writing(_ body: (OpaquePointer) -> Int32) -> [UInt8]? {
    guard let bio = BIO_new(BIO_s_mem()) else { return nil }
    defer { BIO_free(bio) }
    guard body(bio) == 1 else { return nil }
    var data: UnsafeMutablePointer<CChar>?
    let count = sts_BIO_get_mem_data(bio, &data)
    guard count >= 0 else { return nil }
    guard let data, count > 0 else { return [] }
    return data.withMemoryRebound(to: UInt8.self, capacity: count) {
      Array(UnsafeBufferPointer(start: $0, count: count))
    }
  }
}
