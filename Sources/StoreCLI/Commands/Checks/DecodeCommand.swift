import AppStoreJWS
import Foundation

/// `decode JWS|-`: shows a JWS's header and payload without verifying anything.
enum DecodeCommand: CLICommand {
  static let name = "decode"
  static let summary = "Show a JWS's header and payload, unverified"
  static let positionals = ["JWS|-"]
  static let details = """
    Shows the header (algorithm, key id, the x5c certificates' subjects) and the payload of a
    compact JWS WITHOUT verifying it: nothing printed here is to be trusted. Use
    'sportstime-store verify' for that. '-' reads the token from standard input.

    \(optionsSection(column: 10))

    EXAMPLES:
      sportstime-store decode "$TOKEN"
      pbpaste | sportstime-store decode -
    """

  static let globalOptions = [
    OptionSpec.json(
      "one JSON object: verified (always false), kind, header, certificates, payload")
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let token = try SignedDataInput.token(arguments, context)
    let jws: UnverifiedJWS
    do {
      jws = try UnverifiedJWS(parsing: token)
    } catch {
      throw .failure("not a JWS: \(error)")
    }
    let kind = try? jws.payloadKind()
    let subjects = ((try? jws.certificateChain()) ?? []).map(\.subject)
    let header = SignedDataInput.object(json: jws.headerJSON)
    let payload = SignedDataInput.object(json: jws.payloadJSON)
    if arguments.json {
      try SignedDataInput.writeJSON(
        [
          "verified": false, "kind": kind?.rawValue ?? NSNull(), "header": header,
          "certificates": subjects, "payload": payload,
        ], context)
      return
    }
    context.out("UNVERIFIED \(kind?.rawValue ?? "unknown kind"): nothing below is trusted")
    context.out("alg: \(jws.header.algorithm ?? "(none)")")
    if let keyID = jws.header.keyID { context.out("kid: \(keyID)") }
    for (index, subject) in subjects.enumerated() {
      context.out("x5c[\(index)]: \(subject)")
    }
    let pretty: String
    if let data = try? JSONSerialization.data(
      withJSONObject: payload, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
    {
      pretty = String(decoding: data, as: UTF8.self)
    } else {
      pretty = String(decoding: jws.payloadJSON, as: UTF8.self)
    }
    context.out(pretty)
  }

  static let traits = CommandTraits.readsOnly(under: .checks)
}
