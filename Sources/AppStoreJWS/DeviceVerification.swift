package import Foundation

/// The device-verification value of a device-side token (StoreKit's `AppTransaction`,
/// `Transaction` and renewal info): what an app compares with its own computation to tell that
/// the token was signed for this device.
///
/// StoreKit's `Transaction.deviceVerification` page gives the computation: "1. Get the
/// lowercase UUID string representation of deviceVerificationNonce. 2. Append the lowercase
/// UUID string representation of deviceVerificationID. 3. Compute the SHA-384 hash of the
/// ASCII representation of the combined string." The payload carries the hash in base64.
package enum DeviceVerification {
  /// The SHA-384 hash of `nonce` then `deviceID`, each as a lowercase UUID string.
  package static func value(nonce: UUID, deviceID: UUID) -> Data {
    let text = nonce.uuidString.lowercased() + deviceID.uuidString.lowercased()
    return Data(Array(text.utf8).withUnsafeBytes { PlatformDigest.hash(.sha384, $0) })
  }
}
