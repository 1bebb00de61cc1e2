// The part of UIKit that StoreKitBackend uses on iOS, visionOS and Mac Catalyst (a scene to
// confirm purchases in). UIKit declares all of it in Objective-C headers, which Swift imports
// through clang: no .swiftinterface declares these classes or their members (UIKit's own,
// UIKit.swiftmodule/arm64-apple-ios.swiftinterface, 218,892 characters in the iOS 18.0 SDK, holds
// the Swift overlay's additions only, and cannot redeclare an imported class), and the stored copy
// of the SDK (xybp888/iOS-SDKs@88fdca9) has no UIKit headers to give a line of. So each
// declaration is `// unmatched:` with the header that declares it, and `--compare-stubs` checks
// none of them (nothing of Apple's text here to check them against). All of them are
// main-actor isolated (NS_SWIFT_UI_ACTOR). Not on macOS: the macOS stubs have no UIKit.
public import Foundation

@MainActor @preconcurrency open class UIResponder: NSObject {}  // unmatched: Objective-C, UIResponder.h

@MainActor @preconcurrency open class UIScene: UIResponder {  // unmatched: Objective-C, UIScene.h
  public enum ActivationState: Int, @unchecked Sendable {  // unmatched: Objective-C, UISceneDefinitions.h
    case unattached = -1  // unmatched: Objective-C, UISceneDefinitions.h
    case foregroundActive = 0  // unmatched: Objective-C, UISceneDefinitions.h
    case foregroundInactive = 1  // unmatched: Objective-C, UISceneDefinitions.h
    case background = 2  // unmatched: Objective-C, UISceneDefinitions.h
  }
  public var activationState: UIScene.ActivationState { fatalError() }  // unmatched: Objective-C, UIScene.h
}

@MainActor @preconcurrency open class UIWindowScene: UIScene {}  // unmatched: Objective-C, UIWindowScene.h

@MainActor @preconcurrency open class UIApplication: UIResponder {  // unmatched: Objective-C, UIApplication.h
  open class var shared: UIApplication { fatalError() }  // unmatched: Objective-C, UIApplication.h
  open var connectedScenes: Set<UIScene> { fatalError() }  // unmatched: Objective-C, UIApplication.h
}
