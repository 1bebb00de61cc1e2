import Foundation
import LocalAppStore
import StoreModel

/// `expire PRODUCT_ID`: the subscription expires now.
enum ExpireCommand: CustomerCommand {
  static let name = "expire"
  static let summary = "Expire a subscription now (SKTestSession.expireSubscription)"
  static let positionals = ["PRODUCT_ID"]
  static let details = """
    Expires the account's subscription to PRODUCT_ID now, as
    SKTestSession.expireSubscription(productIdentifier:) does: its latest transaction's
    expiration becomes now (re-signed, delivered through Transaction.updates), auto-renew is
    off, and the subscription is expired (reason autoRenewDisabled).

    \(optionsSection())

    Exits 1 when the account has no live subscription to PRODUCT_ID.

    EXAMPLES:
      sportstime-store expire com.sportstime.pro.monthly
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    try await StoreAccess.changeSubscription(arguments, context, reportingAs: "Expired") {
      store, productID throws(LocalAppStoreError) in
      try await store.expireSubscription(productID: productID)
    }
  }

  static let traits = CommandTraits.changesState(under: .subscriptions)
}
