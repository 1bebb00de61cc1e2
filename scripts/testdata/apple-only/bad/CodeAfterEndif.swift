// The guard closes before the end of the file.
#if canImport(SwiftUI)
  import SwiftUI
#endif

struct Leftover {}  // expect: after the '#endif'
