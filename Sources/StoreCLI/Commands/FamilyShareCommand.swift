import Foundation
import LocalAppStore
import StoreModel

/// `family-share MEMBER`: Family Sharing starts for a member.
enum FamilyShareCommand: CLICommand {
  static let name = "family-share"
  static let summary = "Share the purchaser's purchases with a family member"
  static let usage = """
    USAGE: sportstime-store family-share MEMBER [--state PATH] [--json]

    Adds MEMBER to the purchaser's family: they receive a family-shared transaction
    (ownershipType FAMILY_SHARED) for each active shareable purchase, now and at each
    renewal. See what they have with 'status --account MEMBER'.

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store family-share alex
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let member = try Emulator.single(arguments, "a member's name")
    let store = try Emulator.openStore(arguments, context, name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.startFamilySharing(with: member)
    }
    let shared = try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.history(account: member).filter {
        $0.ownershipType == .familyShared && $0.revocationDate == nil
      }
    }
    if arguments.json {
      try context.writeJSON([
        "member": member, "shared": shared.map(\.productID).joined(separator: ","),
      ])
      return
    }
    context.out(
      "Sharing with \(member): \(shared.isEmpty ? "nothing shareable yet" : shared.map(\.productID).joined(separator: ", "))."
    )
  }
}

/// `family-unshare MEMBER`: Family Sharing stops for a member.
enum FamilyUnshareCommand: CLICommand {
  static let name = "family-unshare"
  static let summary = "Stop sharing with a family member (their copies are revoked)"
  static let usage = """
    USAGE: sportstime-store family-unshare MEMBER [--state PATH] [--json]

    Stops sharing with MEMBER: their family-shared transactions are revoked now
    (revocationType FAMILY_REVOKE) and the revocations arrive through their updates.

    \(Emulator.optionsSection(perAccount: false))

    EXAMPLES:
      sportstime-store family-unshare alex
    """

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let member = try Emulator.single(arguments, "a member's name")
    let store = try Emulator.openStore(arguments, context, name)
    try await Emulator.perform { () throws(LocalAppStoreError) in
      try await store.stopFamilySharing(with: member)
    }
    if arguments.json {
      try context.writeJSON(["member": member])
      return
    }
    context.out("Stopped sharing with \(member); their shared transactions are revoked.")
  }
}
