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
    RESUBSCRIBE or UPGRADE). The code's eligibility is checked: new customers (never
    subscribed to the group), existing subscribers, expired ones. A simulated error for the
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
    try context.answer(
      arguments, json: TransactionFields(transaction),
      text: "Redeemed \(code): " + TextFormat.line(transaction))
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
