#if canImport(SwiftUI)
  import SwiftUI

  struct Broken: View {
    var body: some View {
      Text(model.title
    }  // expect: parse
  }
#endif
