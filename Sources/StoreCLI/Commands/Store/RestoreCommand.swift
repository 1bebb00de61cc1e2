import Foundation
import LocalAppStore
import StoreModel

/// `restore`: `AppStore.sync()`, then the entitlements.
enum RestoreCommand: CustomerCommand {
  static let name = "restore"
  static let summary = "Restore purchases (AppStore.sync) and list the entitlements"
  static let details = """
    Synchronizes with the local App Store (StoreKit's AppStore.sync(), behind a Restore
    Purchases button), then lists the account's current entitlements; one whose transaction
    does not verify is marked UNVERIFIED with the reason, and is not restored.

    \(optionsSection())

    Exits 1 when the sync fails, or when entitlements were found but none verified.

    EXAMPLES:
      sportstime-store restore
      sportstime-store restore --account alex --json
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    guard arguments.positionals.isEmpty else {
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
    let store = try StoreAccess.open(arguments, context)
    await StoreAccess.noteUnknownAccount(store, context)
    do {
      try await store.sync()
    } catch {
      throw .failure("restore failed: \(error)")
    }
    let entitlements = await store.currentEntitlements()
    if arguments.json {
      try context.writeJSON(entitlements.map { TransactionOutput($0) })
    } else {
      if entitlements.isEmpty { context.out("Restored: no active purchases.") }
      for entitlement in entitlements {
        context.out(
          "Restored: " + TextFormat.line(entitlement.unsafePayloadValue)
            + TextFormat.verificationMark(entitlement))
      }
    }
    let unverified = entitlements.filter { !$0.isVerified }.count
    if unverified > 0, unverified == entitlements.count {
      throw .failure(
        "nothing verified was restored: \(unverified) entitlement\(unverified == 1 ? "" : "s") "
          + "did not verify")
    }
  }

  static let traits = CommandTraits.changesState(under: .store)
}
