// swift-tools-version: 6.2
// 6.2, the Swift of Xcode 26, the oldest Xcode whose SDKs declare every StoreKit call the package
// makes: `Product.PurchaseOption.promotionalOffer(_:compactJWS:)` is in the iOS 26 SDK's StoreKit
// (back-deployed, `@backDeployed(before: iOS 26.0, …)` on Apple's page) and in no SDK of Xcode
// 16.x. Nothing older can ship an app anyway: since 28 April 2026 App Store Connect accepts only
// uploads built with Xcode 26 or later and the 26 SDKs (Apple's "Submitting" page,
// developer.apple.com/app-store/submitting/, "Upcoming requirements"). 6.2 also covers what the
// package needed of 6.1: the upcoming feature MemberImportVisibility (SE-0444, "Implemented (Swift
// 6.1)") and Swift Testing's `#expect(throws:)` returning the error (ST-0006). CI builds and tests
// with 6.2 as well as the newest.
import PackageDescription

// MARK: - Platforms

/// OpenSSL's libcrypto, on Linux only: Apple platforms have CryptoKit, and nothing is installed
/// there (every target that depends on `COpenSSL` says it with this condition).
let linuxOpenSSL = Target.Dependency.target(name: "COpenSSL", condition: .when(platforms: [.linux]))

// MARK: - Core

/// What the modules share (locks, caches, the JSON reader): `package` access, no product.
let storeInternals = Target.target(name: "StoreInternals")

let storeModel = Target.target(name: "StoreModel", dependencies: ["StoreInternals"])

let appStoreJWS = Target.target(
  name: "AppStoreJWS",
  dependencies: ["StoreInternals", "StoreModel", linuxOpenSSL]
)

let localAppStore = Target.target(
  name: "LocalAppStore",
  dependencies: ["StoreInternals", "StoreModel", "AppStoreJWS", "CSQLite"]
)

let sportsTimePro = Target.target(
  name: "SportsTimePro",
  dependencies: [
    "StoreInternals", "StoreModel",
    // Where `canImport(StoreKit)` holds and StoreManager+Shared.swift imports it: SwiftPM's
    // `.iOS` does not cover Mac Catalyst, its own platform. tvOS and watchOS are not among the
    // package's platforms (the guard there leaves them out too); scripts/check-apple-only
    // type-checks the import against this list per platform.
    .target(
      name: "StoreKitBackend", condition: .when(platforms: [.macOS, .iOS, .macCatalyst, .visionOS])
    ),
  ],
  resources: [.copy("Resources/SportsTime.storekit")]
)

let storeTesting = Target.target(
  name: "StoreTesting",
  dependencies: ["StoreInternals", "StoreModel", "AppStoreJWS", "LocalAppStore"]
)

/// The App Store Server API on loopback over the local App Store (`sportstime-store serve`, and
/// in-process for a server's tests).
let localAppStoreServer = Target.target(
  name: "LocalAppStoreServer",
  dependencies: ["StoreInternals", "StoreModel", "AppStoreJWS", "LocalAppStore", "StoreHTTP"]
)

// MARK: - System libraries

/// OpenSSL's libcrypto, Linux only (`linuxOpenSSL` above): Debian's `libssl-dev`, which puts
/// `openssl/*.h` in /usr/include and libcrypto where the linker looks, so that the module map's
/// `link "crypto"` and the shim's includes need no search path. No `pkgConfig`, as for `CSQLite`:
/// SwiftPM's package builder warns whenever a named `.pc` file is missing, whatever the
/// platform condition of the dependency, and a Mac has no `libcrypto.pc`
/// (scripts/check-apple-only fails a `systemLibrary` that names one).
let cOpenSSL = Target.systemLibrary(
  name: "COpenSSL",
  providers: [.apt(["libssl-dev"])]
)

/// SQLite from the system: every Apple SDK ships `sqlite3.h` and `libsqlite3`, and Debian's
/// `libsqlite3-dev` puts `sqlite3.h` in /usr/include, so the module map's `link "sqlite3"` and the
/// shim's `#include <sqlite3.h>` need no search path. No `pkgConfig`: SwiftPM warns on a Mac
/// without pkg-config or sqlite3.pc when one is named (PackageLoading/Target+PkgConfig.swift in
/// swiftlang/swift-package-manager), and reads no providers without it.
let cSQLite = Target.systemLibrary(name: "CSQLite")

/// OpenSSL's own path validation, as the oracle the Swift chain rules are compared with, and the
/// benchmark's OpenSSL baselines: for the tests, the fuzz target and the benchmark only, on Linux
/// only (every file inside `#if os(Linux)`). No product.
let openSSLOracle = Target.target(
  name: "OpenSSLOracle",
  dependencies: [
    "AppStoreJWS", "StoreModel", "StoreInternals",
    .target(name: "COpenSSL", condition: .when(platforms: [.linux])),
  ]
)

// MARK: - Server

/// HTTP/1.1 over the platform's sockets, knowing nothing of the App Store: what the local App
/// Store's server (the App Store Server API on loopback) is written on. `package` access, no
/// product.
let storeHTTP = Target.target(name: "StoreHTTP", dependencies: ["StoreInternals"])

// MARK: - Apple-only (every file wholly inside `#if canImport(...)`)

let storeKitBackend = Target.target(name: "StoreKitBackend", dependencies: ["StoreModel"])

let sportsTimeProUI = Target.target(
  name: "SportsTimeProUI", dependencies: ["SportsTimePro", "StoreModel"])

// MARK: - Tools

let storeCLI = Target.target(
  name: "StoreCLI",
  dependencies: [
    "StoreInternals", "StoreModel", "AppStoreJWS", "LocalAppStore", "SportsTimePro",
    "LocalAppStoreServer", "StoreHTTP",
  ],
  // The Transaction Manager's page, as written: SwiftPM embeds each file in the binary at build
  // time (`PackageResources.app_js`, ...), so a copied tool serves it with nothing read at run
  // time (TransactionManager/PageFiles.swift). Every file of Page/ is listed here and there.
  resources: [
    "index.html", "style.css", "base.js", "commands.js", "views.js", "transactions.js", "app.js",
  ].map { Resource.embedInCode("TransactionManager/Page/\($0)") }
)

/// The fuzz package's harnesses, seeds and soak (Fuzz/ keeps only libFuzzer's driver and the
/// programs' `main`s): here they reach the modules through `package` access, so that the
/// emulator's controls, signing and the test CA stay out of every product's surface.
let storeFuzzing = Target.target(
  name: "StoreFuzzing",
  dependencies: [
    "StoreInternals", "StoreModel", "AppStoreJWS", "LocalAppStore", "SportsTimePro",
    "StoreTesting", "StoreCLI", "StoreHTTP",
    .target(name: "OpenSSLOracle", condition: .when(platforms: [.linux])),
  ]
)

let tool = Target.executableTarget(
  name: "sportstime-store", dependencies: ["StoreCLI", "LocalAppStore"])

/// The benchmark measures against OpenSSL's bare primitives: Linux only (the manifest declares it
/// on a Linux host only, so a Mac's `swift build` and Xcode never see it).
let bench = Target.executableTarget(
  name: "sportstime-store-bench",
  dependencies: [
    "StoreModel", "AppStoreJWS", "LocalAppStore", "StoreTesting", "StoreInternals", linuxOpenSSL,
    .target(name: "OpenSSLOracle", condition: .when(platforms: [.linux])),
    // The server group (`--only server`) runs the App Store Server API in a child of its own.
    "LocalAppStoreServer",
  ]
)

#if os(Linux)
  let linuxOnlyTools = [bench]
  let linuxOnlyProducts: [Product] = [
    .executable(name: "sportstime-store-bench", targets: ["sportstime-store-bench"])
  ]
#else
  let linuxOnlyTools: [Target] = []
  let linuxOnlyProducts: [Product] = []
#endif

// MARK: - Tests

/// What the test targets share (the built tool and the tool in-process, temporary folders, the
/// package's folders, the fuzz regression inputs, the hang guard): no product.
let testSupport = Target.target(
  name: "TestSupport", dependencies: ["StoreInternals", "StoreCLI"], path: "Tests/TestSupport")

let tests: [Target] = [
  testSupport,
  .testTarget(name: "StoreInternalsTests", dependencies: ["StoreInternals"]),
  .testTarget(
    name: "StoreHTTPTests",
    dependencies: ["StoreHTTP", "StoreInternals", "StoreFuzzing", "TestSupport"]),
  .testTarget(
    name: "StoreModelTests", dependencies: ["StoreModel", "StoreTesting", "TestSupport"]),
  .testTarget(
    name: "AppStoreJWSTests",
    dependencies: [
      "AppStoreJWS", "StoreInternals", "StoreModel", "StoreTesting", "TestSupport",
      .target(name: "OpenSSLOracle", condition: .when(platforms: [.linux])),
    ],
    // Data the tests read by path (scripts/offer-vectors writes it): not a resource, and out of
    // the target's sources so that SwiftPM does not warn of an unhandled file.
    exclude: ["TestData"]),
  .testTarget(
    name: "LocalAppStoreTests",
    dependencies: [
      "LocalAppStore", "AppStoreJWS", "StoreInternals", "StoreModel", "StoreTesting",
      "TestSupport",
    ],
    // States older builds wrote, read by path (TestData/OlderStates/README.md).
    exclude: ["TestData"]),
  .testTarget(
    name: "SportsTimeProTests",
    dependencies: [
      "SportsTimePro", "StoreInternals", "StoreModel", "LocalAppStore", "StoreTesting",
      "TestSupport",
    ]),
  .testTarget(
    name: "LocalAppStoreServerTests",
    dependencies: [
      "LocalAppStoreServer", "LocalAppStore", "AppStoreJWS", "StoreInternals", "StoreModel",
      "StoreTesting", "TestSupport",
    ]),
  .testTarget(
    name: "StoreCLITests",
    dependencies: [
      "StoreCLI", "SportsTimePro", "StoreModel", "AppStoreJWS", "LocalAppStore", "StoreTesting",
      "StoreFuzzing", "LocalAppStoreServer", "StoreHTTP", "StoreInternals",
      "TestSupport",
    ]),
]

// MARK: - Package

let swiftTargets =
  [
    storeInternals, storeModel, appStoreJWS, openSSLOracle, localAppStore, sportsTimePro,
    storeTesting, storeHTTP, localAppStoreServer, storeKitBackend, sportsTimeProUI, storeCLI,
    storeFuzzing, tool,
  ] + linuxOnlyTools + tests

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
    // A server's tests: Apple's App Store Server API on loopback, over the local App Store.
    .library(name: "LocalAppStoreServer", targets: ["LocalAppStoreServer"]),
    // The fuzz package's door (Fuzz/): its harnesses, `@_spi(Fuzz)` declarations only.
    .library(name: "StoreFuzzing", targets: ["StoreFuzzing"]),
    .executable(name: "sportstime-store", targets: ["sportstime-store"]),
  ] + linuxOnlyProducts,
  targets: swiftTargets + [cOpenSSL, cSQLite],
  swiftLanguageModes: [.v6]
)
