import Foundation
import LocalAppStore
import StoreModel

/// `force-renewal PRODUCT_ID`: the subscription renews now.
enum ForceRenewalCommand: CustomerCommand {
  static let name = "force-renewal"
  static let summary = "Renew a subscription now (SKTestSession.forceRenewalOfSubscription)"
  static let positionals = ["PRODUCT_ID"]
  static let details = """
    Renews the account's subscription to PRODUCT_ID now, as
    SKTestSession.forceRenewalOfSubscription(productIdentifier:) does: the current period ends
    now and a renewal transaction (of the product that renews next) starts now, delivered
    through Transaction.updates. A subscription in billing retry recovers.

    \(optionsSection())

    Exits 1 when the account has no live subscription to PRODUCT_ID.

    EXAMPLES:
      sportstime-store force-renewal com.sportstime.pro.monthly
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    try await StoreAccess.changeSubscription(arguments, context, reportingAs: "Renewed") {
      store, productID throws(LocalAppStoreError) in
      try await store.forceRenewalOfSubscription(productID: productID)
    }
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
