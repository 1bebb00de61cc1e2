// StoreKit's purchase API that takes a UIKit scene (iOS 17, visionOS 1; StoreKit's only
// purchase call on visionOS besides SwiftUI's PurchaseAction). Compiled into the StoreKit stub.
import UIKit

extension Product {
  @MainActor public func purchase(
    confirmIn scene: some UIScene, options: Set<PurchaseOption> = []
  ) async throws -> PurchaseResult { fatalError("StoreKit stub") }
}
