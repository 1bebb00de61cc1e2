// A stand-in for the part of UIKit that StoreKitBackend uses on iOS and visionOS.
import Foundation

@MainActor open class UIResponder: NSObject {}

@MainActor open class UIScene: UIResponder {
  public enum ActivationState: Int, Sendable {
    case unattached
    case foregroundActive
    case foregroundInactive
    case background
  }

  public var activationState: ActivationState { fatalError("UIKit stub") }
}

@MainActor open class UIApplication: UIResponder {
  public class var shared: UIApplication { fatalError("UIKit stub") }
  public var connectedScenes: Set<UIScene> { fatalError("UIKit stub") }
}
