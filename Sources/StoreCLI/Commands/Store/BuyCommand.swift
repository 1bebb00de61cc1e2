import Foundation
import LocalAppStore
import StoreModel

/// `buy PRODUCT_ID`: a purchase, as `Product.purchase()` makes it.
enum BuyCommand: CustomerCommand {
  static let name = "buy"
  static let summary = "Buy a product (Product.purchase)"
  static let positionals = [
    "PRODUCT_ID", "PRODUCT_ID --promo-offer ID --nonce UUID", "PRODUCT_ID --promo-offer ID",
  ]
  static let details = """
    Buys PRODUCT_ID for the account, as StoreKit 2's Product.purchase() does: a verified
    signed transaction, or pending (Ask to Buy on), or cancelled (a user-cancel fault).
    An upgrade takes effect at once; a downgrade, or a crossgrade to another duration,
    starts at the next renewal. Buying what the account already has charges nothing: as
    StoreKit does, the App Store hands back the current transaction, and 'buy' says so. An
    offer on the plan the account has, or on a downgrade, starts at the next renewal
    ("the offer period starts at the next billing event", Apple).

    Offers: --promo-offer signs the offer now with the app's subscription-offer key, as
    the developer's server does (see offer-signature), or takes what your own server signed:
    --signature with --key-id, --nonce and --timestamp (the original form), or --offer-jws
    (the JWS form). The App Store checks it, and the nonce is spent by the buy: for the
    app's existing and former subscribers only. --win-back applies a win-back offer,
    for a customer whose subscription lapsed. --intro passes the server's signed
    word on the introductory offer (introductoryOfferEligibility(compactJWS:)). A refused
    offer buys nothing, with StoreKit's error (invalidOfferSignature, invalidOfferIdentifier,
    ineligibleForOffer).

    \(optionsSection())

    Exits 1 when the purchase fails, is cancelled, buys what the account already has, or its
    transaction does not verify.

    EXAMPLES:
      sportstime-store buy com.sportstime.pro.monthly
      sportstime-store buy com.sportstime.pro.annual --account alex
      sportstime-store buy com.sportstime.pro.monthly --promo-offer LOYALTY
    """
  static let options: [OptionSpec] =
    [
      .value("promo-offer", "ID", help: "a promotional offer, signed now"),
      .flag("jws", help: "with --promo-offer: the compact JWS form").within("promo-offer"),
      .value("signature", "BASE64", help: "with --promo-offer: your server's signature")
        .required(on: "PRODUCT_ID --promo-offer ID --nonce UUID"),
      .value("key-id", "ID", help: "with --signature: the key identifier it was signed with")
        .required(on: "PRODUCT_ID --promo-offer ID --nonce UUID"),
      .value("timestamp", "MS", help: "with --signature: the time it was signed (UNIX ms)")
        .required(on: "PRODUCT_ID --promo-offer ID --nonce UUID"),
      .value("offer-jws", "JWS", help: "with --promo-offer: your server's offer JWS")
        .required(on: "PRODUCT_ID --promo-offer ID"),
      .value("win-back", "ID", help: "a win-back offer of the product")
        .alternative(to: "promo-offer"),
      .value(
        "intro", "allow|deny",
        help: "the server's signed word on the introductory offer"),
    ] + OfferOptions.signing

  struct Output: Encodable {
    var result: String
    var transaction: TransactionOutput?
    var requestID: UInt64?
    var productID: String?
    var date: Date?
  }
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let productID = try arguments.single("a product identifier")
    let store = try StoreAccess.open(arguments, context)
    guard let product = store.allProducts.first(where: { $0.id == productID }) else {
      let known = store.allProducts.map(\.id).joined(separator: ", ")
      throw .failure("no product \(productID) in the catalog (products: \(known))")
    }
    let options = try await offerOptions(arguments, product, store)
    let outcome: PurchaseOutcome
    do {
      outcome = try await store.purchaseWithOutcome(product, options: options)
    } catch {
      throw .failure("purchase of \(productID) failed: \(error)")
    }
    switch outcome {
    case .purchased(let verification):
      if arguments.json {
        try context.writeJSON(
          Output(result: "success", transaction: TransactionOutput(verification)))
      } else {
        context.out("Purchased: " + TextFormat.line(verification.unsafePayloadValue))
      }
      try requireVerified(verification)
    case .alreadyOwned(let verification, let restoredRenewal):
      let current = verification.unsafePayloadValue
      if arguments.json {
        try context.writeJSON(
          Output(result: "alreadyOwned", transaction: TransactionOutput(verification)))
      }
      try requireVerified(verification)
      let owned =
        product.type == .autoRenewable
        ? "already subscribed to \(productID)" : "already purchased \(productID)"
      guard restoredRenewal else {
        throw .failure("\(owned) (transaction #\(current.id)); nothing was charged")
      }
      if !arguments.json {
        let renewal = current.expirationDate.map { " on \(TextFormat.date($0))" } ?? ""
        context.out(
          "Already subscribed to \(productID) (transaction #\(current.id)); it renews again"
            + "\(renewal); nothing was charged")
      }
    case .scheduledChange(let verification, let nextID, let date):
      if arguments.json {
        try context.writeJSON(
          Output(
            result: "scheduledChange", transaction: TransactionOutput(verification),
            productID: nextID, date: date))
      } else {
        let offer = arguments.value("promo-offer") ?? arguments.value("win-back")
        context.out(
          change(
            from: verification.unsafePayloadValue, to: nextID, offer: offer, on: date, store))
      }
      try requireVerified(verification)
    case .pending(let requestID):
      if arguments.json {
        try context.writeJSON(Output(result: "pending", requestID: requestID))
      } else if (try? await store.isInterruptedPurchase(requestID)) == true {
        context.out(
          "Interrupted: the customer must act; 'resolve-issue \(requestID)' completes it: "
            + "request #\(requestID)")
      } else {
        context.out("Waiting for approval (Ask to Buy): request #\(requestID)")
      }
    case .userCancelled:
      if arguments.json { try context.writeJSON(Output(result: "userCancelled")) }
      throw .failure("the purchase of \(productID) was cancelled")
    }
  }

  /// The purchase options `arguments` ask for, offers signed now.
  private static func offerOptions(
    _ arguments: ParsedArguments, _ product: Product, _ store: LocalAppStore
  ) async throws(CLIError) -> Set<PurchaseOption> {
    var options: Set<PurchaseOption> = []
    try await StoreAccess.perform { () throws(LocalAppStoreError) in
      if let token = try OfferOptions.uuid(arguments, "token") {
        options.insert(.appAccountToken(token))
      }
    }
    if let offerID = arguments.value("promo-offer") {
      if let given = try serverSigned(offerID, arguments) {
        options.insert(given)
      } else {
        let signed = try await StoreAccess.perform { () throws(LocalAppStoreError) in
          try await OfferOptions.sign(offerID, productID: product.id, arguments, store)
        }
        options.insert(signed)
      }
    } else if let stray = ["signature", "key-id", "timestamp", "offer-jws"].first(where: {
      arguments.value($0) != nil
    }) {
      throw .usage("--\(stray) goes with --promo-offer ID")
    }
    if let offerID = arguments.value("win-back") {
      guard let offer = product.subscription?.winBackOffers.first(where: { $0.id == offerID })
      else {
        throw .failure("\(product.id) has no win-back offer \(offerID)")
      }
      options.insert(.winBackOffer(offer))
    }
    if let word = arguments.value("intro") {
      guard word == "allow" || word == "deny" else {
        throw .usage("--intro takes allow or deny, not '\(word)'")
      }
      let transactionID = (try? await store.history().last?.id) ?? 0
      let eligibility = try await StoreAccess.perform { () throws(LocalAppStoreError) in
        try await store.sign(
          .introductoryOfferEligibility(
            productID: product.id, allow: word == "allow", transactionID: transactionID),
          nonce: UUID())
      }
      options.insert(eligibility)
    }
    return options
  }

  /// The promotional offer `offerID` as the developer's own server signed it: the original
  /// form's `--signature`, `--key-id`, `--nonce` and `--timestamp` (StoreKit's
  /// `promotionalOffer(offerID:keyID:nonce:signature:timestamp:)`), or `--offer-jws`
  /// (`promotionalOffer(_:compactJWS:)`); `nil` when neither is given (the store signs).
  static func serverSigned(_ offerID: String, _ arguments: ParsedArguments) throws(CLIError)
    -> PurchaseOption?
  {
    let signature = arguments.value("signature")
    let jws = arguments.value("offer-jws")
    switch (signature, jws) {
    case (nil, nil):
      if let stray = ["key-id", "timestamp"].first(where: { arguments.value($0) != nil }) {
        throw .usage("--\(stray) goes with --signature")
      }
      return nil
    case (_?, _?):
      throw .usage("--signature and --offer-jws are two forms of one offer: give one")
    case (nil, let jws?):
      if arguments.flag("jws") || arguments.value("nonce") != nil {
        throw .usage("--offer-jws carries its own nonce and form: no --jws or --nonce with it")
      }
      return .promotionalOfferJWS(offerID: offerID, compactJWS: jws)
    case (let signature?, nil):
      guard let bytes = Data(base64Encoded: signature), !bytes.isEmpty else {
        throw .usage("--signature takes the signature in base64, not '\(signature)'")
      }
      guard let keyID = arguments.value("key-id"), !keyID.isEmpty else {
        throw .usage("--signature needs --key-id, the key identifier it was signed with")
      }
      guard let text = arguments.value("nonce"), let nonce = UUID(uuidString: text) else {
        throw .usage("--signature needs --nonce, the UUID it was signed with")
      }
      guard let text = arguments.value("timestamp"), let timestamp = Int(text), timestamp > 0
      else {
        throw .usage("--signature needs --timestamp, the UNIX time in milliseconds it was signed")
      }
      return .promotionalOffer(
        offerID: offerID, keyID: keyID, nonce: nonce, signature: bytes, timestamp: timestamp)
    }
  }

  /// `Pro Monthly starts at the next renewal on DATE (downgrade from Pro Annual); …`, or, for
  /// an offer on the plan the customer has, `Offer LOYALTY on Pro Monthly starts at …`.
  static func change(
    from current: Transaction, to nextID: String, offer: String?, on date: Date,
    _ store: LocalAppStore
  ) -> String {
    let products = store.allProducts
    let next = products.first { $0.id == nextID }
    let now = products.first { $0.id == current.productID }
    let nextName = next?.displayName ?? nextID
    let when = "starts at the next renewal on \(TextFormat.date(date))"
    guard nextID != current.productID else {
      return "Offer \(offer ?? "") on \(nextName) \(when); nothing was charged"
    }
    let nextLevel = next?.subscription?.groupLevel ?? Int.max
    let nowLevel = now?.subscription?.groupLevel ?? Int.max
    let kind = nextLevel > nowLevel ? "downgrade" : "crossgrade"
    let with = offer.map { " with offer \($0)" } ?? ""
    return "\(nextName)\(with) \(when) "
      + "(\(kind) from \(now?.displayName ?? current.productID)); nothing was charged"
  }

  private static func requireVerified(_ verification: VerificationResult<Transaction>)
    throws(CLIError)
  {
    if let error = verification.verificationError {
      throw .failure("the transaction did not verify: \(error)")
    }
  }

  static let traits = CommandTraits.changesState(under: .store)
}
