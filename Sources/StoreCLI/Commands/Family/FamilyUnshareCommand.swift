import Foundation
import LocalAppStore
import StoreModel

/// `family-unshare MEMBER`: Family Sharing stops for a member.
enum FamilyUnshareCommand: CLICommand {
  static let name = "family-unshare"
  static let summary = "Stop sharing with a family member (their copies are revoked)"
  static let positionals = ["MEMBER"]
  static let details = """
    Stops sharing with MEMBER: their family-shared transactions are revoked now
    (revocationType FAMILY_REVOKE) and the revocations arrive through their updates.

    \(optionsSection())

    EXAMPLES:
      sportstime-store family-unshare alex
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let member = try arguments.single("a member's name")
    try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.stopFamilySharing(with: member)
    }
    try context.answer(
      arguments, json: ["member": member],
      text: "Stopped sharing with \(member); their shared transactions are revoked.")
  }

  static let traits = CommandTraits.changesState(under: .family)
}
