#if canImport(StoreKit)
  import StoreKit
#endif
