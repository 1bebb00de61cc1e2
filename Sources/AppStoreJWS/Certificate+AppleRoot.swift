extension Certificate {
  /// Apple Root CA - G3, the anchor of every App Store signature (Production and Sandbox).
  ///
  /// P-384, serial 2DC5FC88D2C54B95, valid 2014-04-30 to 2039-04-30; SHA-256 fingerprint
  /// `63343ABF B89A6A03 EBB57E9B 3F5FA7BE 7C4F5C75 6F3017B3 A8C488C3 653E9179`, as published by
  /// Apple at https://www.apple.com/certificateauthority/. Embedded here so that verification
  /// needs no file and no network.
  public static let appleRootCAG3: Certificate = {
    let der = Base64.decode(appleRootCAG3Base64.joined(), alphabet: .standard) ?? []
    // The constant is fixed and tested by fingerprint: failing to parse it is a build defect.
    guard let certificate = try? Certificate(derEncoded: der) else {
      preconditionFailure("the embedded Apple Root CA - G3 does not parse")
    }
    return certificate
  }()
}

/// The DER of Apple Root CA - G3 (`AppleRootCA-G3.cer`), standard base64.
private let appleRootCAG3Base64: [String] = [
  "MIICQzCCAcmgAwIBAgIILcX8iNLFS5UwCgYIKoZIzj0EAwMwZzEbMBkGA1UEAwwSQXBwbGUgUm9vdCBDQSAtIEcz",
  "MSYwJAYDVQQLDB1BcHBsZSBDZXJ0aWZpY2F0aW9uIEF1dGhvcml0eTETMBEGA1UECgwKQXBwbGUgSW5jLjELMAkG",
  "A1UEBhMCVVMwHhcNMTQwNDMwMTgxOTA2WhcNMzkwNDMwMTgxOTA2WjBnMRswGQYDVQQDDBJBcHBsZSBSb290IENB",
  "IC0gRzMxJjAkBgNVBAsMHUFwcGxlIENlcnRpZmljYXRpb24gQXV0aG9yaXR5MRMwEQYDVQQKDApBcHBsZSBJbmMu",
  "MQswCQYDVQQGEwJVUzB2MBAGByqGSM49AgEGBSuBBAAiA2IABJjpLz1AcqTtkyJygRMc3RCV8cWjTnHcFBbZDuWm",
  "BSp3ZHtfTjjTuxxEtX/1H7YyYl3J6YRbTzBPEVoA/VhYDKX1DyxNB0cTddqXl5dvMVztK517IDvYuVTZXpmkOlEK",
  "MaNCMEAwHQYDVR0OBBYEFLuw3qFYM4iapIqZ3r6966/ayySrMA8GA1UdEwEB/wQFMAMBAf8wDgYDVR0PAQH/BAQD",
  "AgEGMAoGCCqGSM49BAMDA2gAMGUCMQCD6cHEFl4aXTQY2e3v9GwOAEZLuN+yRhHFD/3meoyhpmvOwgPUnPWTxnS4",
  "at+qIxUCMG1mihDK1A3UT82NQz60imOlM27jbdoXt2QfyFMm+YhidDkLF1vLUagM6BgD56KyKA==",
]
