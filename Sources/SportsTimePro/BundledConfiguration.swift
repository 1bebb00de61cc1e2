public import Foundation

/// The URL of the app's StoreKit configuration, `SportsTime.storekit`, in the package's
/// resources: the single source of truth for the Pro products.
///
/// Found through `Bundle.module`, so it is there wherever SwiftPM or Xcode built the package;
/// `nil` only if the resource was removed from the bundle.
public var bundledStoreKitConfigurationURL: URL? {
  Bundle.module.url(forResource: "SportsTime", withExtension: "storekit")
}
