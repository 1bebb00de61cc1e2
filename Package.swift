// swift-tools-version: 6.0
import PackageDescription

// MARK: - Core

/// What the modules share (locks, caches, the JSON reader): `package` access, no product.
let storeInternals = Target.target(name: "StoreInternals")

let storeModel = Target.target(name: "StoreModel", dependencies: ["StoreInternals"])

let appStoreJWS = Target.target(
  name: "AppStoreJWS",
  dependencies: [
    "StoreInternals", "StoreModel",
    .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
  ]
)

let localAppStore = Target.target(
  name: "LocalAppStore",
  dependencies: ["StoreInternals", "StoreModel", "AppStoreJWS", "CSQLite"]
)

let sportsTimePro = Target.target(
  name: "SportsTimePro",
  dependencies: [
    "StoreInternals", "StoreModel",
    .target(name: "StoreKitBackend", condition: .when(platforms: [.macOS, .iOS, .visionOS])),
  ],
  resources: [.copy("Resources/SportsTime.storekit")]
)

let storeTesting = Target.target(
  name: "StoreTesting",
  dependencies: ["StoreInternals", "StoreModel", "AppStoreJWS", "LocalAppStore"]
)

// MARK: - System libraries

let cOpenSSL = Target.systemLibrary(
  name: "COpenSSL",
  pkgConfig: "libcrypto",
  providers: [.apt(["libssl-dev"]), .brew(["openssl@3"])]
)

let cSQLite = Target.systemLibrary(
  name: "CSQLite",
  pkgConfig: "sqlite3",
  providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
)

/// OpenSSL's own path validation, as the oracle the Swift chain rules are compared with, and the
/// benchmark's OpenSSL baselines: for the tests, the fuzz target and the benchmark only, on Linux
/// only (every file inside `#if os(Linux)`). No product.
let openSSLOracle = Target.target(
  name: "OpenSSLOracle",
  dependencies: [
    "AppStoreJWS", "StoreModel", .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
  ]
)

// MARK: - Apple-only (every file wholly inside `#if canImport(...)`)

let storeKitBackend = Target.target(name: "StoreKitBackend", dependencies: ["StoreModel"])

let sportsTimeProUI = Target.target(
  name: "SportsTimeProUI", dependencies: ["SportsTimePro", "StoreModel"])

// MARK: - Tools

let storeCLI = Target.target(
  name: "StoreCLI",
  dependencies: ["StoreInternals", "StoreModel", "AppStoreJWS", "LocalAppStore", "SportsTimePro"]
)

/// The fuzz package's harnesses, seeds and soak (Fuzz/ keeps only libFuzzer's driver and the
/// programs' `main`s): here they reach the modules through `package` access, so that the
/// emulator's controls, signing and the test CA stay out of every product's surface.
let storeFuzzing = Target.target(
  name: "StoreFuzzing",
  dependencies: [
    "StoreInternals", "StoreModel", "AppStoreJWS", "LocalAppStore", "SportsTimePro",
    "StoreTesting", "StoreCLI",
    .target(name: "OpenSSLOracle", condition: .when(platforms: [.linux])),
  ]
)

let tool = Target.executableTarget(
  name: "sportstime-store", dependencies: ["StoreCLI", "LocalAppStore"])

let bench = Target.executableTarget(
  name: "sportstime-store-bench",
  dependencies: [
    "StoreModel", "AppStoreJWS", "LocalAppStore", "StoreTesting", "COpenSSL", "OpenSSLOracle",
  ]
)

// MARK: - Tests

/// What the test targets share (the built tool and the tool in-process, temporary folders, the
/// package's folders, the fuzz regression inputs, the hang guard): no product.
let testSupport = Target.target(
  name: "TestSupport", dependencies: ["StoreInternals", "StoreCLI"], path: "Tests/TestSupport")

let tests: [Target] = [
  testSupport,
  .testTarget(name: "StoreInternalsTests", dependencies: ["StoreInternals"]),
  .testTarget(
    name: "StoreModelTests", dependencies: ["StoreModel", "StoreTesting", "TestSupport"]),
  .testTarget(
    name: "AppStoreJWSTests",
    dependencies: [
      "AppStoreJWS", "StoreInternals", "StoreModel", "StoreTesting", "TestSupport",
      .target(name: "OpenSSLOracle", condition: .when(platforms: [.linux])),
    ]),
  .testTarget(
    name: "LocalAppStoreTests",
    dependencies: [
      "LocalAppStore", "AppStoreJWS", "StoreInternals", "StoreModel", "StoreTesting",
      "TestSupport",
    ]),
  .testTarget(
    name: "SportsTimeProTests",
    dependencies: [
      "SportsTimePro", "StoreInternals", "StoreModel", "LocalAppStore", "StoreTesting",
      "TestSupport",
    ]),
  .testTarget(
    name: "StoreCLITests",
    dependencies: [
      "StoreCLI", "SportsTimePro", "StoreModel", "AppStoreJWS", "LocalAppStore", "StoreTesting",
      "StoreFuzzing",
      "TestSupport",
    ]),
]

// MARK: - Package

let swiftTargets =
  [
    storeInternals, storeModel, appStoreJWS, openSSLOracle, localAppStore, sportsTimePro,
    storeTesting,
    storeKitBackend, sportsTimeProUI, storeCLI, storeFuzzing, tool, bench,
  ] + tests

for target in swiftTargets {
  target.swiftSettings =
    (target.swiftSettings ?? []) + [
      .enableUpcomingFeature("ExistentialAny"),
      .enableUpcomingFeature("InternalImportsByDefault"),
      .enableUpcomingFeature("MemberImportVisibility"),
    ]
}

let package = Package(
  name: "SportsTimeStore",
  platforms: [.macOS(.v14), .iOS(.v17), .visionOS(.v1)],
  products: [
    // An app: the rules and models, with the StoreModel types they show (Product, Transaction,
    // RenewalInfo, ...); its screens; StoreKit on the device.
    .library(name: "SportsTimePro", targets: ["SportsTimePro", "StoreModel"]),
    .library(name: "SportsTimeProUI", targets: ["SportsTimeProUI"]),
    .library(name: "StoreKitBackend", targets: ["StoreKitBackend"]),
    // A server: verifying the App Store's signed data, with the payload types.
    .library(name: "AppStoreJWS", targets: ["AppStoreJWS", "StoreModel"]),
    // An app's tests: the local App Store and its SKTestSession-shaped session.
    .library(name: "StoreTesting", targets: ["StoreTesting", "LocalAppStore"]),
    // The fuzz package's door (Fuzz/): its harnesses, `@_spi(Fuzz)` declarations only.
    .library(name: "StoreFuzzing", targets: ["StoreFuzzing"]),
    .executable(name: "sportstime-store", targets: ["sportstime-store"]),
    .executable(name: "sportstime-store-bench", targets: ["sportstime-store-bench"]),
  ],
  targets: swiftTargets + [cOpenSSL, cSQLite],
  swiftLanguageModes: [.v6]
)
