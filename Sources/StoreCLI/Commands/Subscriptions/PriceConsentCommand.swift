import Foundation
import LocalAppStore
import StoreModel

/// `price-consent request|agree|decline TRANSACTION_ID`: a price increase and the customer's
/// answer.
enum PriceConsentCommand: CLICommand {
  static let name = "price-consent"
  static let summary = "Ask for, agree to or decline a price increase (requestPriceIncreaseConsent)"
  static let positionals = ["request|agree|decline TRANSACTION_ID"]
  static let details = """
    request: asks the customer of the subscription that TRANSACTION_ID belongs to to consent to
    its product's price (SKTestSession.requestPriceIncreaseConsentForTransaction; a new price,
    set with set-price, is optional, as in Xcode); its renewal info shows priceIncreaseStatus 0
    (pending) and the renewalPrice. agree (consentToPriceIncreaseForTransaction): it renews at
    the new price (priceIncreaseStatus 1). decline (declinePriceIncreaseForTransaction): auto-
    renew goes off and the increase is removed; it expires at its renewal date with
    expirationReason autoRenewDisabled. No answer by the renewal: it expires with
    didNotConsentToPriceIncrease.

    \(optionsSection())

    Exits 1 for an unknown transaction, a subscription that is not live, or no increase to
    answer.

    EXAMPLES:
      sportstime-store set-price com.sportstime.pro.monthly 5.99
      sportstime-store price-consent request 1
      sportstime-store price-consent agree 1
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.count == 2, let id = UInt64(arguments.positionals[1]) else {
      throw .usage("expected request, agree or decline and a transaction identifier")
    }
    let action = arguments.positionals[0]
    let store = try StoreAccess.openStore(arguments, context, name)
    switch action {
    case "request":
      try await StoreAccess.perform { () throws(LocalAppStoreError) in
        try await store.requestPriceIncreaseConsent(transactionID: id)
      }
    case "agree", "decline":
      try await StoreAccess.perform { () throws(LocalAppStoreError) in
        if action == "agree" {
          try await store.consentToPriceIncrease(transactionID: id)
        } else {
          try await store.declinePriceIncrease(transactionID: id)
        }
      }
    default:
      throw .usage("unknown action '\(action)'; expected request, agree or decline")
    }
    if arguments.json {
      try context.writeJSON(["action": action, "transactionID": "\(id)"])
    } else {
      let done =
        switch action {
        case "request": "Consent to the price increase requested"
        case "agree": "The customer agreed to the price increase"
        default: "The customer declined the price increase"
        }
      context.out("\(done) for the subscription of transaction #\(id).")
    }
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
