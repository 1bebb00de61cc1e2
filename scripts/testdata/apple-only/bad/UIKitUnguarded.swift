// UIKit is not on macOS: canImport(SwiftUI) does not guard it; os(iOS) does.
#if canImport(SwiftUI)
  import SwiftUI
  import UIKit  // expect: import UIKit

  #if os(iOS) || os(visionOS)
    import UIKit
  #endif
#endif
