import Foundation
import LocalAppStore
import StoreModel

/// `buy PRODUCT_ID`: a purchase, as `Product.purchase()` makes it.
enum BuyCommand: CLICommand {
  static let name = "buy"
  static let summary = "Buy a product (Product.purchase)"
  static let usage = """
    USAGE: sportstime-store buy PRODUCT_ID [--account NAME] [--state PATH] [--json]

    Buys PRODUCT_ID for the account, as StoreKit 2's Product.purchase() does: a verified
    signed transaction, or pending (Ask to Buy on), or cancelled (a user-cancel fault).
    Buying what the account already has returns the existing transaction; an upgrade takes
    effect at once, a downgrade at the next renewal.
    \(Emulator.accountHelp)
    Exits 1 when the purchase fails, is cancelled, or its transaction does not verify.

    EXAMPLES:
      sportstime-store buy com.sportstime.pro.monthly
      sportstime-store buy com.sportstime.pro.annual --account alex
    """

  struct Output: Encodable {
    var result: String
    var transaction: Emulator.TransactionOutput?
    var requestID: UInt64?
  }

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let productID = try Emulator.single(arguments, "a product identifier")
    let store = try Emulator.open(arguments, context)
    guard let product = store.allProducts.first(where: { $0.id == productID }) else {
      let known = store.allProducts.map(\.id).joined(separator: ", ")
      throw .failure("no product \(productID) in the catalog (products: \(known))")
    }
    let result: PurchaseResult
    do {
      result = try await store.purchase(product, options: [])
    } catch {
      throw .failure("purchase of \(productID) failed: \(error)")
    }
    switch result {
    case .success(let verification):
      if arguments.json {
        try context.writeJSON(
          Output(result: "success", transaction: Emulator.TransactionOutput(verification)))
      } else {
        context.out("Purchased: " + Emulator.describe(verification.unsafePayloadValue))
      }
      if let error = verification.verificationError {
        throw .failure("the transaction did not verify: \(error)")
      }
    case .pending:
      let requests = (try? await store.askToBuyRequests(account: store.account)) ?? []
      let request = requests.last { $0.status == .pending }
      if arguments.json {
        try context.writeJSON(Output(result: "pending", requestID: request?.id))
      } else {
        context.out(
          "Waiting for approval (Ask to Buy): request #\(request.map { String($0.id) } ?? "?")")
      }
    case .userCancelled:
      if arguments.json { try context.writeJSON(Output(result: "userCancelled")) }
      throw .failure("the purchase of \(productID) was cancelled")
    }
  }
}
