#if canImport(StoreKit)
  import StoreKit
#else  // expect: #else
  struct Fallback {}
#endif
