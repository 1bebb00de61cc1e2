import Foundation
import LocalAppStore
import SportsTimePro

/// The app's device storage for the terminal: ``AppData`` in a JSON file beside the state file
/// (`state.sqlite.app.json`), written atomically after every change, or in memory for a
/// throwaway state. It is the app's ``KeyValueStore`` (its `UserDefaults`).
///
/// A write that fails does not stop the model that made it (a `KeyValueStore` cannot throw); the
/// failure is kept in ``writeFailure`` and the command reports it.
final class AppDataStore: KeyValueStore, @unchecked Sendable {
  // Sendable: `data` and `failure` are only touched under `lock`; `file` is immutable.
  private let lock = NSLock()
  private var data: AppData
  private var failure: String?
  /// The file, or `nil` in memory.
  let file: URL?

  private init(data: AppData, file: URL?) {
    self.data = data
    self.file = file
  }

  /// A store in memory, for a state that is thrown away.
  static func inMemory() -> AppDataStore {
    AppDataStore(data: AppData(), file: nil)
  }

  /// The file of the app's data for the state at `statePath` and `account`:
  /// `state.sqlite.app.json` for the purchaser, `state.sqlite.app.NAME.json` for another account
  /// (each person's device).
  static func file(besideStateAt statePath: String, account: String) -> URL {
    var name = URL(fileURLWithPath: statePath).lastPathComponent + ".app"
    if account != LocalAppStore.purchaser {
      let safe = account.unicodeScalars.map { scalar -> String in
        CharacterSet.alphanumerics.contains(scalar) || scalar == "-" || scalar == "_"
          ? String(scalar) : "_"
      }
      name += "." + safe.joined()
    }
    return URL(fileURLWithPath: statePath).deletingLastPathComponent().appendingPathComponent(
      name + ".json")
  }

  /// Removes the app's data of every account beside the state at `statePath`: a reset starts
  /// the app afresh too.
  static func removeAll(besideStateAt statePath: String) {
    let state = URL(fileURLWithPath: statePath)
    let prefix = state.lastPathComponent + ".app"
    let folder = state.deletingLastPathComponent()
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    for name in names where name.hasPrefix(prefix) && name.hasSuffix(".json") {
      try? FileManager.default.removeItem(at: folder.appendingPathComponent(name))
    }
  }

  /// Opens the app's data in `file`, or starts afresh when there is none or it belongs to
  /// another state (`fingerprint` differs: the state was reset).
  /// - Throws: ``CLIError/failure(_:)`` when the file exists but cannot be read as app data.
  static func open(_ file: URL, fingerprint: String) throws(CLIError) -> AppDataStore {
    var data = AppData()
    if FileManager.default.fileExists(atPath: file.path) {
      do {
        let bytes = try Data(contentsOf: file)
        data = try JSONDecoder().decode(AppData.self, from: bytes)
      } catch {
        throw .failure(
          "\(file.path) is not the app's data (\(error.localizedDescription)); remove it to start afresh"
        )
      }
    }
    if data.storeFingerprint != fingerprint {
      data = AppData(storeFingerprint: fingerprint)
    }
    return AppDataStore(data: data, file: file)
  }

  /// The data now.
  var current: AppData { lock.withLock { data } }

  /// Why the latest write failed, if one did.
  var writeFailure: String? { lock.withLock { failure } }

  /// Changes the data and writes it (under the lock, so that writes land in order).
  func update(_ change: (inout AppData) -> Void) {
    lock.withLock {
      change(&data)
      guard let file else { return }
      let encoder = JSONEncoder()
      encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
      do {
        try encoder.encode(data).write(to: file, options: .atomic)
      } catch {
        failure =
          "could not save the app's data to \(file.path): \(error.localizedDescription)"
      }
    }
  }

  // MARK: - KeyValueStore

  func bool(forKey key: String) -> Bool {
    lock.withLock { data.flags[key] ?? false }
  }

  func set(_ value: Bool, forKey key: String) {
    update { $0.flags[key] = value }
  }

  func string(forKey key: String) -> String? {
    lock.withLock { data.strings[key] }
  }

  func set(_ value: String?, forKey key: String) {
    update { $0.strings[key] = value }
  }
}
