// swift-tools-version: 6.0
import PackageDescription

// The package's fuzz targets and its soak, apart from the package so that nothing here reaches
// a normal `swift build`. Built by `scripts/fuzz` (release, `-sanitize=fuzzer,address`, into
// `.build-fuzz`) and `scripts/soak` (release, into `.build-soak`); see Fuzz/README.md.

let store = "SportsTimeStore"

// MARK: - Support

let cLibFuzzer = Target.target(name: "CLibFuzzer")

let fuzzSupport = Target.target(
  name: "FuzzSupport",
  dependencies: ["CLibFuzzer", .product(name: "AppStoreJWS", package: store)]
)

// MARK: - Fuzz targets (each a libFuzzer program: `fuzz-jws CORPUS -runs=N`)

let fuzzJWS = Target.executableTarget(
  name: "fuzz-jws",
  dependencies: [
    "FuzzSupport", .product(name: "AppStoreJWS", package: store),
  ]
)

let fuzzStoreKit = Target.executableTarget(
  name: "fuzz-storekit",
  dependencies: [
    "FuzzSupport", .product(name: "AppStoreJWS", package: store),
    .product(name: "StoreTesting", package: store),
  ]
)

let fuzzState = Target.executableTarget(
  name: "fuzz-state",
  dependencies: [
    "FuzzSupport", .product(name: "StoreTesting", package: store),
    .product(name: "AppStoreJWS", package: store),
  ]
)

let fuzzCLI = Target.executableTarget(
  name: "fuzz-cli",
  dependencies: [
    "FuzzSupport", .product(name: "StoreCLI", package: store),
    .product(name: "SportsTimePro", package: store), .product(name: "StoreTesting", package: store),
  ]
)

// MARK: - Seeds and soak

let fuzzSeeds = Target.executableTarget(
  name: "fuzz-seeds",
  dependencies: [
    .product(name: "AppStoreJWS", package: store), .product(name: "StoreTesting", package: store),
  ]
)

let soak = Target.executableTarget(
  name: "soak",
  dependencies: [
    .product(name: "AppStoreJWS", package: store), .product(name: "StoreTesting", package: store),
  ]
)

let swiftTargets = [fuzzSupport, fuzzJWS, fuzzStoreKit, fuzzState, fuzzCLI, fuzzSeeds, soak]
for target in swiftTargets {
  target.swiftSettings = [
    .enableUpcomingFeature("ExistentialAny"),
    .enableUpcomingFeature("InternalImportsByDefault"),
    .enableUpcomingFeature("MemberImportVisibility"),
  ]
}

let package = Package(
  name: "SportsTimeStoreFuzz",
  platforms: [.macOS(.v14)],
  dependencies: [.package(name: store, path: "..")],
  targets: swiftTargets + [cLibFuzzer],
  swiftLanguageModes: [.v6]
)
