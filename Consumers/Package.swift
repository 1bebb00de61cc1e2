// swift-tools-version: 6.2
// 6.2, as the package's own manifest (its first lines say why).
import PackageDescription

// Three users of the package's products, each in a package of its own so that it sees what the
// products make public and nothing else (`package` access does not cross packages): an app
// (`SportsTimePro`), a server (`AppStoreJWS`) and an app's tests (`StoreTesting`). Their code is
// what the DocC articles show; `.ci/run` builds it and runs the tests
// (`swift test --package-path Consumers`), so a change of the public surface that leaves a
// user without what it needs fails CI.

let store = "SportsTimeStore"

let anApp = Target.target(
  name: "AnApp", dependencies: [.product(name: "SportsTimePro", package: store)])

let aServer = Target.target(
  name: "AServer", dependencies: [.product(name: "AppStoreJWS", package: store)])

let anAppsTests = Target.testTarget(
  name: "AnAppsTests",
  dependencies: [
    "AnApp", "AServer", .product(name: "StoreTesting", package: store),
    .product(name: "SportsTimePro", package: store), .product(name: "AppStoreJWS", package: store),
  ]
)

let targets = [anApp, aServer, anAppsTests]
for target in targets {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}

let package = Package(
  name: "SportsTimeStoreConsumers",
  platforms: [.macOS(.v14), .iOS(.v17), .visionOS(.v1)],
  dependencies: [.package(name: store, path: "..")],
  targets: targets,
  swiftLanguageModes: [.v6]
)
