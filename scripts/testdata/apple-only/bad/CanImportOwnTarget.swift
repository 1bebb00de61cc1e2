// A file of a package module with a branch for Apple platforms.
// expect-next: canImport(StoreKitBackend), platform
#if canImport(StoreKitBackend)
  import StoreKitBackend

  enum Shared {
    static let backend = StoreKitBackend()
  }
#endif

#if canImport(StoreKit)
  enum Platform {}
#endif
