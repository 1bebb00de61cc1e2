package import Foundation
import StoreInternals
import StoreModel

/// The base claims of every App Store request JWS, which "Generating JWS to sign App Store
/// requests" (https://developer.apple.com/documentation/storekit/generating-jws-to-sign-app-store-requests)
/// asks a server to make: `iss`, `iat`, `aud`, `bid` and `nonce`. Apple's App Store Server
/// Library writes the same five in `JWSSignatureCreator._create_signature`
/// (`appstoreserverlibrary/jws_signature_creator.py` in app-store-server-library-python): `bid`
/// the bundle identifier, `iss` the issuer identifier, `aud` the form's audience, `iat` the
/// signing time, `nonce` a new lowercase UUID.
package struct OfferJWSClaims: Sendable, Hashable {
  /// `iss`: the issuer identifier from App Store Connect's Keys page.
  package var issuerID: String
  /// `bid`: the app's bundle identifier.
  package var bundleID: String
  /// `aud`: which form this is (``Audience``).
  package var audience: String
  /// `iat`: when the server signed (a NumericDate, RFC 7519 §2: seconds since 1970).
  package var issuedAt: Date
  /// `nonce`: a one-time value (the library writes a lowercase UUID).
  package var nonce: String

  /// The `aud` of each form, as Apple's library writes it.
  package enum Audience: String, Sendable, CaseIterable {
    /// `PromotionalOfferV2SignatureCreator`.
    case promotionalOffer = "promotional-offer"
    /// `IntroductoryOfferEligibilitySignatureCreator`.
    case introductoryOfferEligibility = "introductory-offer-eligibility"
  }
}

/// The claims of a promotional offer's JWS (`aud` `promotional-offer`): Apple's library adds
/// `productId`, `offerIdentifier` and, when given, `transactionId`
/// (`PromotionalOfferV2SignatureCreator.create_signature`).
package struct PromotionalOfferClaims: Sendable, Hashable {
  /// The base claims.
  package var base: OfferJWSClaims
  /// `productId`: the subscription's product identifier.
  package var productID: String
  /// `offerIdentifier`: the promotional offer's identifier.
  package var offerIdentifier: String
  /// `transactionId`: any transaction of the customer (the library calls it optional but
  /// recommended; the customer's `appTransactionId` will do).
  package var transactionID: String?
}

/// The claims of an introductory-offer eligibility JWS (`aud`
/// `introductory-offer-eligibility`): Apple's library adds `productId`,
/// `allowIntroductoryOffer` and `transactionId`, all three required
/// (`IntroductoryOfferEligibilitySignatureCreator.create_signature`).
package struct IntroductoryOfferEligibilityClaims: Sendable, Hashable {
  /// The base claims.
  package var base: OfferJWSClaims
  /// `productId`: the subscription's product identifier.
  package var productID: String
  /// `allowIntroductoryOffer`: whether the server lets this customer have the introductory
  /// offer.
  package var allowIntroductoryOffer: Bool
  /// `transactionId`: any transaction of the customer.
  package var transactionID: String
}

/// Reads the claims of a JWS payload strictly: one JSON object, unique member names, each claim
/// of its JSON type; a failure names the claim and says why.
struct OfferClaimsReader {
  /// How deep a payload's values may nest: the claims are flat; a little room for members this
  /// reader skips.
  static let maximumDepth = 16

  private let document: JSONDocument
  private let members: [String: Int]

  init(_ json: [UInt8]) throws(VerificationError) {
    let document: JSONDocument
    do throws(JSONDocument.Failure) {
      document = try JSONDocument.parse(json, maximumDepth: Self.maximumDepth)
    } catch {
      throw VerificationError(.malformed, "the JWS payload is not JSON: \(error)")
    }
    guard document.nodes[0].kind == .object else {
      throw VerificationError(
        .malformed, "the JWS payload is \(document.describe(0)), not a JSON object of claims")
    }
    var members: [String: Int] = [:]
    for (name, value) in document.members(of: 0) { members[document.string(at: name)] = value }
    self.document = document
    self.members = members
  }

  /// A required string claim.
  func string(_ name: String) throws(VerificationError) -> String {
    guard let value = try optionalString(name) else {
      throw VerificationError(.malformed, "the JWS payload has no \"\(name)\" claim")
    }
    return value
  }

  /// A string claim that may be absent (`null` counts as absent).
  func optionalString(_ name: String) throws(VerificationError) -> String? {
    guard let index = members[name] else { return nil }
    switch document.nodes[index].kind {
    case .string, .escapedString: return document.string(at: index)
    case .null: return nil
    default: throw wrongType(name, index, "a string")
    }
  }

  /// A required boolean claim.
  func bool(_ name: String) throws(VerificationError) -> Bool {
    let index = try required(name)
    switch document.nodes[index].kind {
    case .true: return true
    case .false: return false
    default: throw wrongType(name, index, "true or false")
    }
  }

  /// A required NumericDate claim (RFC 7519 §2: seconds since 1970, a fraction allowed).
  func numericDate(_ name: String) throws(VerificationError) -> Date {
    let index = try required(name)
    switch document.nodes[index].kind {
    case .integer, .number:
      guard let seconds = Double(document.numberText(at: index)), seconds.isFinite,
        abs(seconds) < 1e12
      else {
        throw VerificationError(
          .malformed,
          "the JWS payload's \"\(name)\" is \(document.numberText(at: index)), "
            + "not a time in seconds since 1970")
      }
      return Date(timeIntervalSince1970: seconds)
    default: throw wrongType(name, index, "a number of seconds since 1970")
    }
  }

  /// Whether the payload has a member `name`, of any value.
  func has(_ name: String) -> Bool {
    members[name] != nil
  }

  /// The base claims.
  func base() throws(VerificationError) -> OfferJWSClaims {
    OfferJWSClaims(
      issuerID: try string("iss"), bundleID: try string("bid"), audience: try string("aud"),
      issuedAt: try numericDate("iat"), nonce: try string("nonce"))
  }

  /// The node of claim `name`, which must be there.
  private func required(_ name: String) throws(VerificationError) -> Int {
    guard let index = members[name] else {
      throw VerificationError(.malformed, "the JWS payload has no \"\(name)\" claim")
    }
    return index
  }

  private func wrongType(_ name: String, _ index: Int, _ expected: String) -> VerificationError {
    VerificationError(
      .malformed,
      "the JWS payload's \"\(name)\" is \(document.describe(index)), not \(expected)")
  }
}
