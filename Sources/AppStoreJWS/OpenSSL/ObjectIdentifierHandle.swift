internal import COpenSSL

/// An owned OpenSSL `ASN1_OBJECT` (an object identifier).
///
/// `@unchecked Sendable` invariant: immutable after `init`, only read by OpenSSL.
final class ObjectIdentifierHandle: @unchecked Sendable {
  let pointer: OpaquePointer
  let dotted: String

  /// The object identifier `dotted` (numeric form only), or `nil` if it is not one.
  init?(_ dotted: String) {
    guard let object = OBJ_txt2obj(dotted, 1) else {
      OpenSSLErrorQueue.clear()
      return nil
    }
    self.pointer = object
    self.dotted = dotted
  }

  deinit {
    ASN1_OBJECT_free(pointer)
  }
}
