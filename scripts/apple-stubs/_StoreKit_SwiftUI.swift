// The part of _StoreKit_SwiftUI (StoreKit's SwiftUI overlay) that SportsTimeProUI uses. Every
// declaration names its line in the iOS 18.0 SDK's _StoreKit_SwiftUI.swiftinterface
// (../shared/research/apple-sdk/iOS18.0/); `scripts/check-apple-only --compare-stubs` checks
// signatures and availability against it. Like the SDK's overlay it re-exports StoreKit.
@_exported public import StoreKit
public import SwiftUI

private struct StubView: View {  // stub-only
  nonisolated init() {}  // stub-only
  var body: Never { fatalError() }  // stub-only
}

@available(macOS, unavailable)
extension View {  // _StoreKit_SwiftUI.swiftinterface:240
  nonisolated public func manageSubscriptionsSheet(isPresented: Binding<Bool>) -> some View { StubView() }  // _StoreKit_SwiftUI.swiftinterface:241
  @available(macOS, unavailable)
  nonisolated public func manageSubscriptionsSheet(isPresented: Binding<Bool>, subscriptionGroupID: String) -> some View { StubView() }  // _StoreKit_SwiftUI.swiftinterface:247
}
