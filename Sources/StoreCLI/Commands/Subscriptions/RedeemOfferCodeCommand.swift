import Foundation
import LocalAppStore
import StoreModel

/// `redeem-offer-code CODE`: an offer code redeemed outside the app.
enum RedeemOfferCodeCommand: CustomerCommand {
  static let name = "redeem-offer-code"
  static let summary = "Redeem an offer code outside the app; OFFER_REDEEMED"
  static let positionals = ["CODE"]
  static let details = """
    Redeems the .storekit file's offer code CODE (its referenceName) for the account, as a
    customer does in the App Store or in the app's offer-code redemption sheet: a purchase of
    the code's subscription with its offer (offerType 3, offerIdentifier CODE), delivered to a
    running app through Transaction.updates, and an OFFER_REDEEMED notification (INITIAL_BUY,
    RESUBSCRIBE or UPGRADE). A subscriber's code for the plan it has starts at the next
    renewal (OFFER_REDEEMED without a subtype); the current transaction is shown. The code's
    eligibility is checked: new customers (never subscribed to the group), existing
    subscribers, expired ones. A simulated error for the
    offer-code sheet (simulate-error offer-code-redeem ERROR) fails it.

    \(optionsSection())

    Exits 1 for a code the catalog does not have, a customer it is not for, or a simulated
    error; nothing changes then.

    EXAMPLES:
      sportstime-store redeem-offer-code FREEMONTH
      sportstime-store redeem-offer-code ANNUALHALF --account alex --json
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let code = try arguments.single("an offer code")
    let transaction = try await StoreAccess.asAccount(arguments, context) {
      store throws(LocalAppStoreError) in
      try await store.redeemOfferCode(code)
    }
    // A subscriber's code for its own plan waits for the next renewal: the transaction is the
    // current one, without the code.
    let text =
      transaction.offerID == code
      ? "Redeemed \(code): " + TextFormat.line(transaction)
      : "Redeemed \(code): it starts at the next renewal"
        + (transaction.expirationDate.map { " on \(TextFormat.date($0))" } ?? "")
        + "; nothing was charged (current: " + TextFormat.line(transaction) + ")"
    try context.answer(arguments, json: TransactionFields(transaction), text: text)
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
