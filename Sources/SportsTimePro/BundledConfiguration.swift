public import Foundation

/// The URL of the app's StoreKit configuration, `SportsTime.storekit`, in the package's
/// resources: the single source of truth for the Pro products.
///
/// Found through `Bundle.module`, so it is there wherever SwiftPM or Xcode built the package;
/// `nil` if the resource bundle is there without the file. Without the bundle itself,
/// `Bundle.module` stops the process: SwiftPM's generated accessor calls `fatalError` when the
/// bundle (`SportsTimeStore_SportsTimePro.resources` on Linux, `.bundle` on Apple platforms) is
/// neither beside the executable nor in the build folder — the case of a `sportstime-store`
/// binary copied elsewhere without it. Copy the bundle along with the binary.
public var bundledStoreKitConfigurationURL: URL? {
  Bundle.module.url(forResource: "SportsTime", withExtension: "storekit")
}
