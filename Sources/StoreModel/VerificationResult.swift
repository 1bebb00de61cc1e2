/// The result of verifying signed data: StoreKit 2's `VerificationResult`.
///
/// Unverified data is still handed over, with the reason it failed, so that an app can log it;
/// it must never grant anything. Only ``verified(_:)`` values do.
public enum VerificationResult<SignedType: Sendable>: Sendable {
  /// The data's signature and certificate chain checked out.
  case verified(SignedType)
  /// The data decoded but failed verification for the given reason.
  case unverified(SignedType, VerificationError)

  /// The payload, whether or not it verified. Do not grant anything from it.
  public var unsafePayloadValue: SignedType {
    switch self {
    case .verified(let value), .unverified(let value, _): value
    }
  }

  /// The payload of verified data.
  ///
  /// - Throws: The ``VerificationError`` of unverified data.
  public var payloadValue: SignedType {
    get throws(VerificationError) {
      switch self {
      case .verified(let value): return value
      case .unverified(_, let error): throw error
      }
    }
  }

  /// Whether the signature and chain held: `true` only for ``verified(_:)``.
  public var isVerified: Bool {
    if case .verified = self { return true }
    return false
  }

  /// The reason verification failed, or `nil` for verified data.
  public var verificationError: VerificationError? {
    if case .unverified(_, let error) = self { return error }
    return nil
  }

  /// Applies `transform` to the payload, keeping the verification outcome.
  public func map<T: Sendable>(_ transform: (SignedType) throws -> T) rethrows
    -> VerificationResult<T>
  {
    switch self {
    case .verified(let value): .verified(try transform(value))
    case .unverified(let value, let error): .unverified(try transform(value), error)
    }
  }
}

extension VerificationResult: Equatable where SignedType: Equatable {}
extension VerificationResult: Hashable where SignedType: Hashable {}

extension VerificationResult where SignedType == Transaction {
  /// The compact JWS the transaction came from.
  public var jwsRepresentation: String { unsafePayloadValue.jwsRepresentation }
}

extension VerificationResult where SignedType == RenewalInfo {
  /// The compact JWS the renewal info came from.
  public var jwsRepresentation: String { unsafePayloadValue.jwsRepresentation }
}

extension VerificationResult where SignedType == AppTransaction {
  /// The compact JWS the app transaction came from.
  public var jwsRepresentation: String { unsafePayloadValue.jwsRepresentation }
}
