import SwiftUI  // expect: first code line

struct Badge: View {
  var body: some View { EmptyView() }
}
