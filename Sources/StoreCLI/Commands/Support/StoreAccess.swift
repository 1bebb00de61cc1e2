import Foundation
import LocalAppStore
import StoreModel

/// How an emulator command reaches the local App Store: the state of `--state`, as the account
/// of `--account`, and the store's errors as the tool's.
enum StoreAccess {
  /// The account of `--account`, else the purchaser.
  /// - Throws: ``CLIError/usage(_:)`` for an empty name.
  static func account(_ arguments: ParsedArguments) throws(CLIError) -> String {
    guard let name = arguments.value("account") else { return LocalAppStore.purchaser }
    guard !name.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      throw .usage("--account needs a customer's name")
    }
    return name
  }

  /// Refuses `--account` for `command`, which acts on the whole store.
  static func rejectAccount(_ arguments: ParsedArguments, _ command: String) throws(CLIError) {
    guard arguments.value("account") == nil else {
      throw .usage("--account does not apply to \(command): it acts on the whole store")
    }
  }

  /// Opens the state of `--state` as the account of `--account`, on the state's stored time;
  /// ``LocalAppStore/Access/readOnly`` for a command that only reads.
  static func open(
    _ arguments: ParsedArguments, _ context: CommandContext,
    access: LocalAppStore.Access = .readWrite
  ) throws(CLIError) -> LocalAppStore {
    let path = context.statePath(arguments)
    let account = try account(arguments)
    do {
      return try LocalAppStore(
        openingStateAt: path, time: .stored, account: account, access: access)
    } catch {
      throw .failure(error.reason)
    }
  }

  /// Opens the state of `--state` for `command`, which acts on the whole store: `--account`
  /// is refused.
  static func openStore(_ arguments: ParsedArguments, _ context: CommandContext, _ command: String)
    throws(CLIError) -> LocalAppStore
  {
    try rejectAccount(arguments, command)
    return try open(arguments, context)
  }

  /// Notes on standard error when `store`'s account never used the store (a mistyped
  /// `--account`), so that an empty answer is not taken for the customer's.
  static func noteUnknownAccount(_ store: LocalAppStore, _ context: CommandContext) async {
    guard let known = try? await store.accounts(), !known.contains(store.account) else { return }
    context.err("note: no customer named '\(store.account)' has used this store yet")
  }

  /// Runs a store control, turning its error into the tool's.
  static func perform<T>(_ body: () async throws(LocalAppStoreError) -> T) async throws(CLIError)
    -> T
  {
    do {
      return try await body()
    } catch {
      throw .failure(error.reason)
    }
  }

  /// Opens the whole store for `command` (``openStore(_:_:_:)``) and runs `control` on it, the
  /// store's errors as the tool's.
  static func onWholeStore<T>(
    _ arguments: ParsedArguments, _ context: CommandContext, _ command: String,
    _ control: (LocalAppStore) async throws(LocalAppStoreError) -> T
  ) async throws(CLIError) -> T {
    let store = try openStore(arguments, context, command)
    return try await perform { () throws(LocalAppStoreError) in try await control(store) }
  }

  /// Opens the store as the account of `--account` (``open(_:_:access:)``) and runs `control` on
  /// it, the store's errors as the tool's.
  static func asAccount<T>(
    _ arguments: ParsedArguments, _ context: CommandContext,
    _ control: (LocalAppStore) async throws(LocalAppStoreError) -> T
  ) async throws(CLIError) -> T {
    let store = try open(arguments, context)
    return try await perform { () throws(LocalAppStoreError) in try await control(store) }
  }

  /// Runs `control` on the account's subscription to the product the one argument names
  /// (`expire PRODUCT_ID`), then reports the transaction it made or changed as `label`.
  static func changeSubscription(
    _ arguments: ParsedArguments, _ context: CommandContext, reportingAs label: String,
    _ control: (LocalAppStore, String) async throws(LocalAppStoreError) -> Transaction
  ) async throws(CLIError) {
    let productID = try arguments.single("a product identifier")
    let transaction = try await asAccount(arguments, context) {
      store throws(LocalAppStoreError) in
      try await control(store, productID)
    }
    try context.report(transaction, as: label, json: arguments.json)
  }
}
