import Foundation
import LocalAppStore
import StoreModel

/// `family-share MEMBER`: Family Sharing starts for a member.
enum FamilyShareCommand: CLICommand {
  static let name = "family-share"
  static let summary = "Share the purchaser's purchases with a family member"
  static let positionals = ["MEMBER"]
  static let details = """
    Adds MEMBER to the purchaser's family: they receive a family-shared transaction
    (ownershipType FAMILY_SHARED) for each active shareable purchase, now and at each
    renewal. See what they have with 'status --account MEMBER'.

    \(optionsSection())

    Exits 1 for an empty MEMBER, one with spaces, or the purchaser's own name; nothing is
    shared then.

    EXAMPLES:
      sportstime-store family-share alex
    """
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let member = try arguments.single("a member's name")
    let shared = try await StoreAccess.onWholeStore(arguments, context, name) {
      store throws(LocalAppStoreError) in
      try await store.startFamilySharing(with: member)
      return try await store.history(account: member).filter {
        $0.ownershipType == .familyShared && $0.revocationDate == nil
      }.map(\.productID)
    }
    try context.answer(
      arguments, json: ["member": member, "shared": shared.joined(separator: ",")],
      text: "Sharing with \(member): "
        + (shared.isEmpty ? "nothing shareable yet" : shared.joined(separator: ", ")) + ".")
  }

  static let traits = CommandTraits.changesState(under: .family)
}
