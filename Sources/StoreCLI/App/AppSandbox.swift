package import Foundation
package import LocalAppStore
import SportsTimePro
import StoreModel

/// A local App Store selling the bundled catalog on a state of its own, with the app's data
/// beside it: where `checklist` and `demo` run the app, launching it as often as they need.
@MainActor
package struct AppSandbox {
  package let appStore: LocalAppStore
  /// The app's device storage.
  let data: AppDataStore

  /// A fresh state at `path` (`:memory:` for one thrown away with the process, its app data in
  /// memory too), selling the bundled `SportsTime.storekit`, its time starting at `start`.
  /// - Throws: ``CLIError/failure(_:)`` when the catalog or the state cannot be made.
  package static func fresh(at path: String = ":memory:", start: Date) throws(CLIError)
    -> AppSandbox
  {
    let catalog = try bundledCatalog()
    let appStore: LocalAppStore
    do {
      appStore = try LocalAppStore.create(atPath: path, catalog: catalog, startDate: start)
    } catch {
      throw .failure(error.reason)
    }
    let data: AppDataStore
    if path == ":memory:" {
      data = .inMemory()
    } else {
      data = try AppDataStore.open(on: appStore, fingerprint: AppCommand.fingerprint(of: appStore))
    }
    return AppSandbox(appStore: appStore, data: data)
  }

  /// The bundled `SportsTime.storekit`.
  /// - Throws: ``CLIError/failure(_:)`` when it is missing or does not decode.
  static func bundledCatalog() throws(CLIError) -> Catalog {
    guard let url = bundledStoreKitConfigurationURL else {
      throw .failure("the bundled SportsTime.storekit is missing")
    }
    do {
      return try Catalog(contentsOf: url)
    } catch {
      throw .failure("\(url.path): \(error)")
    }
  }

  /// Launches the app afresh, as tapping its icon does.
  func launch() async -> TerminalApp {
    await TerminalApp.launch(on: appStore, data: data, relaunching: true)
  }
}
