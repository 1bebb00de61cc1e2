package import Foundation

/// The app's own data, kept in the store's state: what an app keeps on the device beside its
/// purchases (saved items, its `UserDefaults`), so that one state file holds a whole session.
extension LocalAppStore {
  /// The app's data stored under `key` for `account` (the store's account when `nil`), or `nil`
  /// when there is none.
  ///
  /// The app's data is not part of the App Store: no operation reads it, a reset clears it,
  /// and it is reached synchronously from any thread (the app's storage cannot wait).
  /// - Throws: `database` when the state cannot be read.
  package nonisolated func appData(forKey key: String, account: String? = nil)
    throws(LocalAppStoreError) -> Data?
  {
    let account = account ?? self.account
    return try ledger.exclusively { () throws(LocalAppStoreError) in
      try ledger.appData(account: account, key: key)
    }
  }

  /// Stores `value` under `key` for `account` (the store's account when `nil`), or removes the
  /// key when `value` is `nil`: one SQLite transaction.
  /// - Throws: `notAllowed` on a state opened ``Access/readOnly``; `stateBusy` or `database`
  ///   when the state cannot be written (nothing changed).
  package nonisolated func setAppData(_ value: Data?, forKey key: String, account: String? = nil)
    throws(LocalAppStoreError)
  {
    let account = account ?? self.account
    guard !isReadOnly else {
      throw LocalAppStoreError(
        .notAllowed, "\(statePath) is open read-only; the app's data cannot be saved")
    }
    try ledger.exclusively { () throws(LocalAppStoreError) in
      try ledger.transaction { () throws(LocalAppStoreError) in
        try ledger.setAppData(value, account: account, key: key)
      }
    }
  }
}
