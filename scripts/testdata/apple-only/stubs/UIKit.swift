// A stand-in for the part of UIKit that StoreKitBackend uses on iOS and visionOS.
@MainActor open class UIResponder {
  public init() {}
}

@MainActor open class UIScene: UIResponder {}
