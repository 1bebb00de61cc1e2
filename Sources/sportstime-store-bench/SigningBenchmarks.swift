internal import COpenSSL
import Foundation
import LocalAppStore
import StoreModel

/// The local App Store's signing throughput against OpenSSL's own ES256, in the same run.
///
/// `sign_per_s`: transactions the emulator signs per second — the payload encoded in the App
/// Store's JSON and signed into a compact JWS with the x5c chain, exactly the store's path.
/// `raw_sign_per_s`: OpenSSL alone (SHA-256 and ECDSA P-256 through `EVP_DigestSign`) over a
/// signing input of the same size, with the key and context made once. `sign_ratio` is the
/// first over the second. Both are measured in alternating rounds on the thread's CPU time
/// (``Rate/compare(rounds:seconds:_:_:)``).
func runSigningBenchmarks() -> [String: Double] {
  guard let signer = try? TransactionSigner.random() else {
    return ["sign_error": 1]
  }
  var transaction = Transaction(
    id: 2_000_000_123_456_789, originalID: 2_000_000_123_456_789,
    appBundleID: "com.sportstime.app", productID: "com.sportstime.pro.monthly",
    productType: .autoRenewable, purchaseDate: Date(timeIntervalSince1970: 1_767_225_600),
    signedDate: Date(timeIntervalSince1970: 1_767_225_600), subscriptionGroupID: "2F8B6D14",
    expirationDate: Date(timeIntervalSince1970: 1_769_904_000), environment: .localTesting)
  transaction.currency = "USD"
  transaction.priceMilliunits = 4990
  transaction.storefrontCountryCode = "USA"
  transaction.storefrontID = "143441"
  transaction.webOrderLineItemID = "2000000123456789"

  guard let sample = try? signer.sign(transaction) else { return ["sign_error": 1] }
  let signingInputCount = sample.utf8.count - 87  // minus "." and the 86-character signature
  guard let raw = RawES256(inputCount: signingInputCount) else { return ["sign_error": 1] }

  var counter = 0
  let (emulator, baseline) = Rate.compare(
    {
      counter += 1
      transaction.signedDate = Date(timeIntervalSince1970: 1_767_225_600 + Double(counter))
      return (try? signer.sign(transaction)) != nil
    },
    {
      counter += 1
      return raw.sign(variant: counter) > 0
    })
  return [
    "sign_per_s": emulator,
    "raw_sign_per_s": baseline,
    "sign_ratio": baseline > 0 ? emulator / baseline : 0,
    "sign_input_bytes": Double(signingInputCount),
  ]
}

/// OpenSSL's ES256 alone: a P-256 key, and `EVP_DigestSign` (SHA-256, ECDSA) of a fixed input.
private final class RawES256 {
  private let key: OpaquePointer
  private var input: [UInt8]

  init?(inputCount: Int) {
    guard let context = EVP_PKEY_CTX_new_from_name(nil, "EC", nil) else { return nil }
    defer { EVP_PKEY_CTX_free(context) }
    var generated: OpaquePointer?
    guard EVP_PKEY_keygen_init(context) == 1,
      EVP_PKEY_CTX_set_group_name(context, "P-256") == 1,
      EVP_PKEY_generate(context, &generated) == 1, let key = generated
    else { return nil }
    self.key = key
    input = [UInt8](repeating: 0x41, count: max(1, inputCount))
  }

  deinit { EVP_PKEY_free(key) }

  /// Signs the input with its first byte set from `variant`; returns the signature's length.
  func sign(variant: Int) -> Int {
    input[0] = UInt8(truncatingIfNeeded: variant)
    guard let context = EVP_MD_CTX_new() else { return 0 }
    defer { EVP_MD_CTX_free(context) }
    guard EVP_DigestSignInit(context, nil, EVP_sha256(), nil, key) == 1 else { return 0 }
    var length = 72
    var signature = [UInt8](repeating: 0, count: 72)
    let status = input.withUnsafeBufferPointer { bytes in
      EVP_DigestSign(context, &signature, &length, bytes.baseAddress, bytes.count)
    }
    return status == 1 ? length : 0
  }
}
