import Foundation
import LocalAppStore
import StoreModel

/// `offer-signature OFFER_ID PRODUCT_ID`: a promotional offer signed as the developer's server
/// signs it, for a purchase or for a server under test to compare with its own.
enum OfferSignatureCommand: CLICommand {
  static let name = "offer-signature"
  static let summary = "Sign a promotional offer as the app's server does (both forms)"
  static let positionals = ["OFFER_ID PRODUCT_ID"]
  static let details = """
    Signs promotional offer OFFER_ID of PRODUCT_ID now, with the app's subscription-offer key
    (the .storekit file's subscriptionOffersKeyPair; without one, a key is made and kept in
    the state), as Apple's "Generating a signature for promotional offers" describes: the
    bundle id, key id, product, offer, app account token, nonce and timestamp joined by
    U+2063, signed ECDSA P-256 with SHA-256. Prints the key id, nonce, timestamp and the
    signature (base64 of its DER): what StoreKit's
    promotionalOffer(offerID:keyID:nonce:signature:timestamp:) takes. With --jws, the compact
    JWS StoreKit's promotionalOffer(_:compactJWS:) takes (aud promotional-offer); --token
    applies to the original form only. A purchase accepts each once, within 24 hours of the
    store's time (the stored time 'advance' moves, not the wall clock).

    \(optionsSection())

    EXAMPLES:
      sportstime-store offer-signature LOYALTY com.sportstime.pro.monthly --json
      sportstime-store offer-signature LOYALTY com.sportstime.pro.monthly --jws
    """
  static let options: [OptionSpec] =
    OfferOptions.signing + [
      .flag("jws", help: "the compact JWS form (promotionalOffer(_:compactJWS:))"),
      .value(
        "transaction-id", "ID",
        help: "with --jws: the transactionId claim, one of the customer's"
      ).within("jws"),
    ]

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.count == 2 else {
      throw .usage("expected OFFER_ID PRODUCT_ID, got \(arguments.positionals.count) arguments")
    }
    let (offerID, productID) = (arguments.positionals[0], arguments.positionals[1])
    let option = try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await OfferOptions.sign(offerID, productID: productID, arguments, store)
    }
    switch option {
    case .promotionalOffer(let offerID, let keyID, let nonce, let signature, let timestamp):
      let fields: [String: String] = [
        "offerID": offerID, "productID": productID, "keyID": keyID,
        "nonce": nonce.uuidString.lowercased(), "timestamp": String(timestamp),
        "signature": signature.base64EncodedString(),
      ]
      try context.answer(
        arguments, json: fields,
        text: ["keyID", "nonce", "timestamp", "signature"].map { "\($0): \(fields[$0] ?? "")" }
          .joined(separator: "\n"))
    case .promotionalOfferJWS(let offerID, let jws):
      try context.answer(
        arguments, json: ["offerID": offerID, "productID": productID, "compactJWS": jws],
        text: jws)
    default:
      throw .failure("the store made no promotional offer signature")
    }
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}

/// The options a command signs or applies an offer with.
enum OfferOptions {
  /// What the signature covers beyond the offer and product.
  static let signing: [OptionSpec] = [
    .value("token", "UUID", help: "the purchase's app account token, if any"),
    .value("nonce", "UUID", help: "the signature's nonce (default: a new one)"),
  ]

  /// The offer of `offerID` on `productID` signed now, in the form `arguments` ask for.
  static func sign(
    _ offerID: String, productID: String, _ arguments: ParsedArguments, _ store: LocalAppStore
  ) async throws(LocalAppStoreError) -> PurchaseOption {
    let nonce = try uuid(arguments, "nonce") ?? UUID()
    if arguments.flag("jws") {
      let transactionID = try arguments.value("transaction-id").map {
        (text: String) throws(LocalAppStoreError) -> UInt64 in
        guard let id = UInt64(text) else {
          throw LocalAppStoreError(.invalidArgument, "'\(text)' is not a transaction identifier")
        }
        return id
      }
      return try await store.sign(
        .promotionalOffer(offerID: offerID, productID: productID, transactionID: transactionID),
        nonce: nonce)
    }
    return try await store.signPromotionalOffer(
      offerID, productID: productID, appAccountToken: try uuid(arguments, "token"),
      nonce: nonce)
  }

  /// `--name UUID`, or `nil` when not given.
  static func uuid(_ arguments: ParsedArguments, _ name: String) throws(LocalAppStoreError)
    -> UUID?
  {
    guard let text = arguments.value(name) else { return nil }
    guard let value = UUID(uuidString: text) else {
      throw LocalAppStoreError(.invalidArgument, "--\(name) '\(text)' is not a UUID")
    }
    return value
  }
}
