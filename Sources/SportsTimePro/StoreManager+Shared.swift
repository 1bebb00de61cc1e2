// The app's singleton exists only where the real App Store does. On other systems (Linux) there
// is no store to default to: tests, the command-line tool and the emulator's users build their
// own manager on the backend they mean, so no code reaches for a hidden global state. The
// platforms are those of Package.swift's condition on the StoreKitBackend dependency (os(iOS)
// holds on Mac Catalyst too); tvOS and watchOS, where StoreKit exists too, are not the package's.
#if canImport(StoreKit) && (os(iOS) || os(macOS) || os(visionOS))
  import StoreKitBackend
  import StoreModel

  extension StoreManager {
    /// The app's store over the real StoreKit, `UserDefaults` and the system clock.
    ///
    /// For the app only: tests build their own ``StoreManager`` on a fresh backend. On visionOS,
    /// not in an app extension: its backend confirms purchases in the app's foreground scene,
    /// found through `UIApplication.shared`, which extensions do not have; an extension builds
    /// its manager on `StoreKitBackend(confirmingPurchasesIn:)` with its own scene.
    @available(visionOSApplicationExtension, unavailable)
    public static let shared = StoreManager(
      backend: StoreKitBackend(), storage: UserDefaultsKeyValueStore(), clock: SystemClock())
  }
#endif
