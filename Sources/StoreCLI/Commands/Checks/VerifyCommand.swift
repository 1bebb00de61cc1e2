import AppStoreJWS
import Foundation
import StoreModel

/// `verify JWS|-`: verifies App Store signed data and prints what it says.
enum VerifyCommand: CLICommand {
  static let name = "verify"
  static let summary = "Verify App Store signed data (JWS) and print its payload"
  static let positionals = ["JWS|-"]
  static let details = """
    Verifies a transaction, renewal info, App Store Server Notification V2 or app transaction
    signed as a compact JWS (ES256, x5c chain), as SignedDataVerifier does: the chain must lead
    to one of the roots and carry Apple's OIDs, the signature must match, and the data must be
    for the bundle id and environment given. Prints the decoded payload; on failure prints the
    reason and exits 1. '-' reads the token from standard input.

    Without --bundle-id no app is checked, and the first line says so: every App Store app's
    data chains to the same Apple root, so such a result proves only that some app's data is
    genuine. Renewal info carries no bundle id and is never checked for one.

    \(optionsSection(column: 21))

    EXAMPLES:
      sportstime-store verify --environment Sandbox --bundle-id com.example.app "$TOKEN"
      sportstime-store history --jws | tail -1 | sportstime-store verify \\
        --root local-root.pem --environment Xcode -
    """
  static let options: [OptionSpec] = [
    .repeated(
      "root", "CERT",
      help: "a trusted root certificate, PEM or DER (repeatable); default:\n"
        + "Apple Root CA - G3 (bundled)"),
    .value("environment", "E", help: "Production (default), Sandbox, Xcode or LocalTesting"),
    .value(
      "bundle-id", "ID",
      help: "the app's bundle id; without it, any app's data is accepted and\n"
        + "the output says \"bundle id not checked\""),
    .value(
      "app-apple-id", "N",
      help: "the app's Apple ID, checked for Production notifications and app\n"
        + "transactions (needs --bundle-id)"),
    .value(
      "at", "DATE",
      help: "check the certificates at DATE (ISO 8601, or milliseconds since\n"
        + "1970) instead of the payload's signedDate"),
    .value(
      "kind", "K",
      help: "insist on transaction, renewalInfo, notification or appTransaction\n"
        + "(default: told from the payload)"),
  ]
  static let globalOptions = [
    OptionSpec.json(
      "one JSON object: verified, kind, environment, bundleIDChecked,\npayload")
  ]
  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    let token = try SignedDataInput.token(arguments, context)
    let environment = try parseEnvironment(arguments.value("environment") ?? "Production")
    let kind = try arguments.value("kind").map(SignedDataInput.parseKind)
    let date = try arguments.value("at").map(parseDate)
    var appAppleID: UInt64?
    if let text = arguments.value("app-apple-id") {
      guard let value = UInt64(text) else {
        throw .usage("--app-apple-id must be a number, got '\(text)'")
      }
      appAppleID = value
    }
    let bundleID = arguments.value("bundle-id")
    if appAppleID != nil, bundleID == nil {
      throw .usage("--app-apple-id needs --bundle-id: without it no app is checked")
    }
    let roots = try loadRoots(arguments.values("root"), context)
    let result: VerificationResult<DecodedSignedPayload>
    let appNote: String?
    if let bundleID {
      let verifier: SignedDataVerifier
      do {
        verifier = try SignedDataVerifier(
          rootCertificates: roots, bundleID: bundleID, environment: environment,
          appAppleID: appAppleID)
      } catch {
        throw .failure("cannot use the roots: \(error)")
      }
      do {
        result = try verifier.verify(token, kind: kind, at: date)
      } catch {
        throw .failure("not verified: \(error)")
      }
      appNote = nil
    } else {
      let inspector: SignedDataInspector
      do {
        inspector = try SignedDataVerifier.inspecting(
          rootCertificates: roots, environment: environment)
      } catch {
        throw .failure("cannot use the roots: \(error)")
      }
      let inspected: VerificationResult<InspectedPayload<DecodedSignedPayload>>
      do {
        inspected = try inspector.verify(token, kind: kind, at: date)
      } catch {
        throw .failure("not verified: \(error)")
      }
      result = inspected.map(\.payload)
      appNote = "bundle id not checked: \(inspected.unsafePayloadValue.claimedBundleID ?? "(none)")"
    }
    switch result {
    case .unverified(let payload, let error):
      throw .failure("not verified: \(payload.kind.rawValue): \(error)")
    case .verified(let payload):
      // Renewal info carries no bundle id: no verifier checks one.
      let note = payload.kind == .renewalInfo ? "renewal info carries no bundle id" : appNote
      let json = try SignedDataInput.json(payload)
      if arguments.json {
        try SignedDataInput.writeJSON(
          [
            "verified": true, "kind": payload.kind.rawValue,
            "environment": environment.rawValue, "bundleIDChecked": note == nil,
            "payload": json.object,
          ], context)
      } else {
        context.out(
          "VERIFIED \(payload.kind.rawValue) (\(environment.rawValue))"
            + (note.map { " — \($0)" } ?? ""))
        context.out(json.text)
      }
    }
  }

  /// The environment named `text`, in any case.
  static func parseEnvironment(_ text: String) throws(CLIError) -> AppStoreEnvironment {
    let known: [AppStoreEnvironment] = [.production, .sandbox, .xcode, .localTesting]
    guard let match = known.first(where: { $0.rawValue.lowercased() == text.lowercased() }) else {
      throw .usage(
        "unknown environment '\(text)'; expected Production, Sandbox, Xcode or LocalTesting")
    }
    return match
  }

  /// A date in ISO 8601 (`2025-10-01T12:00:00Z`) or milliseconds since 1970.
  static func parseDate(_ text: String) throws(CLIError) -> Date {
    if let milliseconds = Int64(text) {
      return AppStoreJSON.date(milliseconds: milliseconds)
    }
    let formatter = ISO8601DateFormatter()
    if let date = formatter.date(from: text) { return date }
    formatter.formatOptions = [.withFullDate]
    if let date = formatter.date(from: text) { return date }
    throw .usage("--at expects an ISO 8601 date or milliseconds since 1970, got '\(text)'")
  }

  /// The most bytes a `--root` file may hold: a root certificate is 1 or 2 KB, and a PEM
  /// bundle of every public root stays far below.
  static let maximumRootFileSize = 1 << 20

  /// The bytes of the `--root` file at `path`, read up to ``maximumRootFileSize`` (so that
  /// `--root /dev/zero` or a disk image is refused at once rather than read to the end).
  ///
  /// Not `Data(contentsOf:)`: for a file whose size reads as 0, Foundation on Linux reads into
  /// a 4 KB buffer it never frees, and the AddressSanitizer run counts that as a leak.
  static func readRootFile(_ path: String, _ context: CommandContext) throws(CLIError) -> Data {
    let data: Data
    do {
      let handle = try FileHandle(forReadingFrom: context.resolve(path))
      defer { try? handle.close() }
      data = try handle.read(upToCount: maximumRootFileSize + 1) ?? Data()
    } catch {
      throw .failure("\(path): cannot read the certificate: \(error.localizedDescription)")
    }
    guard data.count <= maximumRootFileSize else {
      throw .failure(
        "\(path): not a certificate (PEM or DER): larger than \(maximumRootFileSize) bytes")
    }
    return data
  }

  /// The certificates of `paths` (PEM, possibly several, or DER), or Apple Root CA - G3.
  static func loadRoots(_ paths: [String], _ context: CommandContext) throws(CLIError)
    -> [Certificate]
  {
    guard !paths.isEmpty else { return [.appleRootCAG3] }
    var roots: [Certificate] = []
    for path in paths {
      let data = try readRootFile(path, context)
      let text = String(decoding: data, as: UTF8.self)
      do {
        if text.contains("-----BEGIN CERTIFICATE-----") {
          roots += try Certificate.certificates(pemEncoded: text)
        } else {
          roots.append(try Certificate(contentsOf: data))
        }
      } catch {
        throw .failure("\(path): not a certificate (PEM or DER): \(error.reason)")
      }
    }
    return roots
  }

  static let traits = CommandTraits.readsOnly(under: .checks)
}

/// What `verify` and `decode` share: reading the token and printing payloads.
enum SignedDataInput {
  /// The one token argument, or standard input for `-`, trimmed of white space.
  static func token(_ arguments: ParsedArguments, _ context: CommandContext) throws(CLIError)
    -> String
  {
    guard arguments.positionals.count == 1 else {
      throw .usage(
        arguments.positionals.isEmpty
          ? "expected a JWS, or '-' to read one from standard input"
          : "expected one JWS, got \(arguments.positionals.count) arguments")
    }
    var token = arguments.positionals[0]
    if token == "-" {
      token = String(decoding: context.readStandardInput(), as: UTF8.self)
    }
    token = token.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !token.isEmpty else { throw .usage("the JWS is empty") }
    return token
  }

  /// The kind named `text`.
  static func parseKind(_ text: String) throws(CLIError) -> SignedPayloadKind {
    guard let kind = SignedPayloadKind(rawValue: text) else {
      let names = SignedPayloadKind.allCases.map(\.rawValue).joined(separator: ", ")
      throw .usage("unknown kind '\(text)'; expected one of \(names)")
    }
    return kind
  }

  /// A payload's stable JSON, as text and as an object to embed.
  static func json(_ payload: DecodedSignedPayload) throws(CLIError) -> (text: String, object: Any)
  {
    let text: String
    do {
      text = try payload.jsonRepresentation(prettyPrinted: true)
    } catch {
      throw .failure("cannot print the payload: \(error)")
    }
    return (text, object(json: Data(text.utf8)))
  }

  /// JSON bytes as a Foundation object, or the text itself when they do not parse.
  static func object(json: Data) -> Any {
    (try? JSONSerialization.jsonObject(with: json, options: [.fragmentsAllowed]))
      ?? String(decoding: json, as: UTF8.self)
  }

  /// Prints a Foundation object as stable JSON.
  static func writeJSON(_ object: [String: Any], _ context: CommandContext) throws(CLIError) {
    do {
      let data = try JSONSerialization.data(
        withJSONObject: object, options: [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes])
      context.out(String(decoding: data, as: UTF8.self))
    } catch {
      throw .failure("could not encode the output as JSON: \(error)")
    }
  }
}
