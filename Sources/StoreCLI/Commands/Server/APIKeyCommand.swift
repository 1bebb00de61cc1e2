import AppStoreJWS
import Foundation
import LocalAppStore

/// `api-key [--json]` and `api-key add --p8 FILE --key-id ID --issuer-id ID`: the credentials
/// the App Store Server API of `serve` accepts, as App Store Connect gives them.
enum APIKeyCommand: CLICommand {
  static let name = "api-key"
  static let summary = "The key the App Store Server API accepts (made once), or add your own"
  static let positionals = ["", "add"]
  static let details = """
    Shows what a server's App Store Server API client needs to call `sportstime-store serve`,
    as App Store Connect's Users and Access > Integrations > In-App Purchase page gives it:
    the key ID, the issuer ID, the private key's file (AuthKey_<KEYID>.p8, a PKCS#8 PEM P-256
    key, written beside the state the first time), the app's bundle ID and Apple ID, and the
    root certificate (PEM, written beside the state) that a server's SignedDataVerifier trusts
    for the store's signatures. The first run makes the key; later runs show it again.

    `add` registers a key of your own instead, so that a server's configuration needs no
    change: only its public key is kept in the state (the .p8 file is read, not copied).

    \(optionsSection())

    With --json the keys are exactly: keyId, issuerId, bundleId, appAppleId,
    privateKeyPath, rootCertificatePath (privateKeyPath is null for a key added with `add`).

    EXAMPLES:
      sportstime-store api-key
      sportstime-store api-key --json
      sportstime-store api-key add --p8 AuthKey_2X9R4HXF34.p8 --key-id 2X9R4HXF34 \\
        --issuer-id 57246542-96fe-1a63-e053-0824d011072a
    """
  static let options: [OptionSpec] = [
    .value("p8", "FILE", help: "with add: the .p8 file App Store Connect gave you")
      .required(on: "add"),
    .value("key-id", "ID", help: "with add: its key ID (the token's kid)")
      .required(on: "add"),
    .value("issuer-id", "ID", help: "with add: your issuer ID (the token's iss)")
      .required(on: "add"),
  ]

  /// What `api-key --json` prints.
  struct Credentials: Encodable {
    var keyId: String
    var issuerId: String
    var bundleId: String
    var appAppleId: UInt64
    var privateKeyPath: String?
    var rootCertificatePath: String

    func encode(to encoder: any Encoder) throws {
      var container = encoder.container(keyedBy: Keys.self)
      try container.encode(keyId, forKey: .keyId)
      try container.encode(issuerId, forKey: .issuerId)
      try container.encode(bundleId, forKey: .bundleId)
      try container.encode(appAppleId, forKey: .appAppleId)
      try container.encode(privateKeyPath, forKey: .privateKeyPath)
      try container.encode(rootCertificatePath, forKey: .rootCertificatePath)
    }

    enum Keys: String, CodingKey {
      case keyId, issuerId, bundleId, appAppleId, privateKeyPath, rootCertificatePath
    }
  }

  static func run(_ arguments: ParsedArguments, _ context: CommandContext) async throws(CLIError) {
    try StoreAccess.rejectAccount(arguments, name)
    let store = try StoreAccess.open(arguments, context)
    let folder = URL(fileURLWithPath: store.statePath).deletingLastPathComponent()
    switch arguments.positionals {
    case []:
      let credentials = try await shown(store, folder: folder)
      try report(credentials, arguments, context)
    case ["add"]:
      let credentials = try await add(store, arguments, context, folder: folder)
      try report(credentials, arguments, context)
    default:
      throw .usage("unexpected argument '\(arguments.positionals[0])'")
    }
  }

  /// The store's own key, made the first time.
  private static func shown(_ store: LocalAppStore, folder: URL) async throws(CLIError)
    -> Credentials
  {
    let keys = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.apiKeys()
    }
    let rootPath = try writeRoot(store, folder: folder)
    let settings = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.serverSettings()
    }
    if let generated = keys.first(where: \.isGenerated) {
      let path = folder.appendingPathComponent("AuthKey_\(generated.keyID).p8").path
      guard FileManager.default.fileExists(atPath: path) else {
        throw .failure(
          "the store's API key \(generated.keyID) has no private key at \(path) any more; "
            + "`reset` the state for a new one, or `api-key add` a key of your own")
      }
      return Credentials(
        keyId: generated.keyID, issuerId: generated.issuerID, bundleId: settings.bundleID,
        appAppleId: settings.appAppleID ?? 0, privateKeyPath: path, rootCertificatePath: rootPath)
    }
    // App Store Connect's key IDs are 10 upper-case letters and digits; issuer IDs UUIDs.
    let alphabet = Array("ABCDEFGHJKLMNPQRSTUVWXYZ23456789")
    var generator = SystemRandomNumberGenerator()
    let keyID = String(
      (0..<10).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &generator)] })
    let issuerID = UUID().uuidString.lowercased()
    let key: SubscriptionOfferKey
    let pem: String
    do {
      key = try SubscriptionOfferKey.generate(keyID: keyID)
      pem = try key.privateKey.pemRepresentation()
    } catch {
      throw .failure("could not make a P-256 key: \(error)")
    }
    let path = folder.appendingPathComponent("AuthKey_\(keyID).p8")
    do {
      try Data(pem.utf8).write(to: path, options: [.atomic])
      try FileManager.default.setAttributes([.posixPermissions: 0o600], ofItemAtPath: path.path)
    } catch {
      throw .failure("could not write \(path.path): \(error.localizedDescription)")
    }
    try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.registerAPIKey(
        .init(
          keyID: keyID, issuerID: issuerID,
          publicKey: key.privateKey.publicKeyDER.base64EncodedString(), isGenerated: true))
    }
    return Credentials(
      keyId: keyID, issuerId: issuerID, bundleId: settings.bundleID,
      appAppleId: settings.appAppleID ?? 0, privateKeyPath: path.path,
      rootCertificatePath: rootPath)
  }

  /// Registers the public half of the developer's own `.p8`.
  private static func add(
    _ store: LocalAppStore, _ arguments: ParsedArguments, _ context: CommandContext, folder: URL
  ) async throws(CLIError) -> Credentials {
    guard let file = arguments.value("p8") else { throw .usage("add needs --p8 FILE") }
    guard let keyID = arguments.value("key-id"), !keyID.isEmpty else {
      throw .usage("add needs --key-id ID (the key ID App Store Connect shows)")
    }
    guard let issuerID = arguments.value("issuer-id"), !issuerID.isEmpty else {
      throw .usage("add needs --issuer-id ID (the issuer ID App Store Connect shows)")
    }
    let url = context.resolve(file)
    guard let data = FileManager.default.contents(atPath: url.path) else {
      throw .failure("cannot read \(url.path)")
    }
    let key: PrivateKey
    do {
      key = try PrivateKey(pemEncoded: String(decoding: data, as: UTF8.self))
    } catch {
      throw .failure("\(url.path) is not a PKCS#8 PEM private key: \(error)")
    }
    guard key.curve == .p256 else {
      throw .failure("\(url.path) is not a P-256 key (App Store Connect's keys are ES256)")
    }
    try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.registerAPIKey(
        .init(
          keyID: keyID, issuerID: issuerID, publicKey: key.publicKeyDER.base64EncodedString(),
          isGenerated: false))
    }
    let settings = try await StoreAccess.perform { () throws(LocalAppStoreError) in
      try await store.serverSettings()
    }
    return Credentials(
      keyId: keyID, issuerId: issuerID, bundleId: settings.bundleID,
      appAppleId: settings.appAppleID ?? 0, privateKeyPath: nil,
      rootCertificatePath: try writeRoot(store, folder: folder))
  }

  /// Writes the store's root certificate (PEM) beside the state.
  private static func writeRoot(_ store: LocalAppStore, folder: URL) throws(CLIError) -> String {
    let path = folder.appendingPathComponent("root.pem")
    do {
      try Data(store.rootCertificatePEM.utf8).write(to: path, options: [.atomic])
    } catch {
      throw .failure("could not write \(path.path): \(error.localizedDescription)")
    }
    return path.path
  }

  private static func report(
    _ credentials: Credentials, _ arguments: ParsedArguments, _ context: CommandContext
  ) throws(CLIError) {
    if arguments.json {
      try context.writeJSON(credentials)
      return
    }
    context.out("keyId:               \(credentials.keyId)")
    context.out("issuerId:            \(credentials.issuerId)")
    context.out("bundleId:            \(credentials.bundleId)")
    context.out("appAppleId:          \(credentials.appAppleId)")
    context.out("privateKeyPath:      \(credentials.privateKeyPath ?? "(your own .p8)")")
    context.out("rootCertificatePath: \(credentials.rootCertificatePath)")
  }

  static let traits = CommandTraits.changesState(under: .server)
  static func postsNotifications(after arguments: ParsedArguments) -> Bool { false }
}
