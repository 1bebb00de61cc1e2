// The part of UIKit that StoreKitBackend uses on iOS, visionOS and Mac Catalyst (a scene to
// confirm purchases in). UIKit declares these in Objective-C; each declaration names the UIKit
// header that declares it (those headers are not in the stored copy of the SDK, so this was not
// checked against them). All of them are main-actor isolated (NS_SWIFT_UI_ACTOR). Not on macOS:
// the macOS stubs have no UIKit.
public import Foundation

@MainActor @preconcurrency open class UIResponder: NSObject {}  // UIResponder.h

@MainActor @preconcurrency open class UIScene: UIResponder {  // UIScene.h
  public enum ActivationState: Int, @unchecked Sendable {  // UISceneDefinitions.h
    case unattached = -1  // UISceneDefinitions.h
    case foregroundActive = 0  // UISceneDefinitions.h
    case foregroundInactive = 1  // UISceneDefinitions.h
    case background = 2  // UISceneDefinitions.h
  }
  public var activationState: UIScene.ActivationState { fatalError() }  // UIScene.h
}

@MainActor @preconcurrency open class UIWindowScene: UIScene {}  // UIWindowScene.h

@MainActor @preconcurrency open class UIApplication: UIResponder {  // UIApplication.h
  open class var shared: UIApplication { fatalError() }  // UIApplication.h
  open var connectedScenes: Set<UIScene> { fatalError() }  // UIApplication.h
}
