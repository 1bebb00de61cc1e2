import Foundation
import LocalAppStore
import SportsTimePro
import StoreInternals

/// The app's device storage for the terminal: ``AppData`` kept in the local App Store's state
/// file, per account (``LocalAppStore/setAppData(_:forKey:account:)``), written in one SQLite
/// transaction after every change, or in memory for a throwaway state. It is the app's
/// ``KeyValueStore`` (its `UserDefaults`).
///
/// A write that fails does not stop the model that made it (a `KeyValueStore` cannot throw); the
/// failure is kept in ``writeFailure`` and the command reports it.
package final class AppDataStore: KeyValueStore, Sendable {
  private struct State {
    var data: AppData
    var failure: String?
  }

  private let state: Locked<State>
  /// The store whose state keeps the data, or `nil` in memory.
  private let appStore: LocalAppStore?

  /// The key of the app's data in the state.
  package static let key = "SportsTime.AppData"

  private init(data: AppData, appStore: LocalAppStore?) {
    state = Locked(State(data: data))
    self.appStore = appStore
  }

  /// A store in memory, for a state that is thrown away.
  static func inMemory() -> AppDataStore {
    AppDataStore(data: AppData(), appStore: nil)
  }

  /// Opens the app's data of `appStore`'s account in its state, or starts afresh when there is
  /// none or it belongs to another state (`fingerprint` differs).
  /// - Throws: ``CLIError/failure(_:)`` when the data there cannot be read as the app's.
  static func open(on appStore: LocalAppStore, fingerprint: String) throws(CLIError)
    -> AppDataStore
  {
    let subject = "the app's data of \(appStore.account) in \(appStore.statePath)"
    let bytes: Data?
    do {
      bytes = try appStore.appData(forKey: key)
    } catch {
      throw .failure("cannot read \(subject): \(error.reason)")
    }
    var data = AppData()
    if let bytes {
      do {
        data = try JSONDecoder().decode(AppData.self, from: bytes)
      } catch {
        throw .failure(
          "\(subject) does not decode (\(error.localizedDescription)); "
            + "run `sportstime-store reset` to start afresh")
      }
    }
    if data.storeFingerprint != fingerprint {
      data = AppData(storeFingerprint: fingerprint)
    }
    return AppDataStore(data: data, appStore: appStore)
  }

  /// The data now.
  var current: AppData { state.withLock { $0.data } }

  /// Why the latest write failed, if one did.
  var writeFailure: String? { state.withLock { $0.failure } }

  /// Changes the data and writes it (under the lock, so that writes land in order).
  func update(_ change: (inout AppData) -> Void) {
    state.withLock { state in
      change(&state.data)
      guard let appStore else { return }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.sortedKeys]
      do {
        try appStore.setAppData(try encoder.encode(state.data), forKey: Self.key)
      } catch {
        state.failure = "could not save the app's data in \(appStore.statePath): \(error)"
      }
    }
  }

  // MARK: - KeyValueStore

  func bool(forKey key: String) -> Bool {
    state.withLock { $0.data.flags[key] ?? false }
  }

  func set(_ value: Bool, forKey key: String) {
    update { $0.flags[key] = value }
  }

  func string(forKey key: String) -> String? {
    state.withLock { $0.data.strings[key] }
  }

  func set(_ value: String?, forKey key: String) {
    update { $0.strings[key] = value }
  }
}
