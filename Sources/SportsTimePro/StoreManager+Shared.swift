// The app's singleton exists only where the real App Store does. On other systems (Linux) there
// is no store to default to: tests, the command-line tool and the emulator's users build their
// own manager on the backend they mean, so no code reaches for a hidden global state.
#if canImport(StoreKit)
  import StoreKitBackend
  import StoreModel

  extension StoreManager {
    /// The app's store over the real StoreKit, `UserDefaults` and the system clock.
    ///
    /// For the app only: tests build their own ``StoreManager`` on a fresh backend.
    public static let shared = StoreManager(
      backend: StoreKitBackend(), storage: UserDefaultsKeyValueStore(), clock: SystemClock())
  }
#endif
