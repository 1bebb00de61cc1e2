// swift-tools-version: 6.2
// 6.2, as the package's own manifest (its first lines say why).
import PackageDescription

// The package's fuzz targets and its soak, apart from the package so that nothing here reaches
// a normal `swift build`. Built by `scripts/fuzz` (release, `-sanitize=fuzzer,address`, into
// `.build-fuzz`) and `scripts/soak` (release, into `.build-soak`; `--debug` into `.build-fuzz-check`); see Fuzz/README.md.

let store = "SportsTimeStore"

// MARK: - Support

let cLibFuzzer = Target.target(name: "CLibFuzzer")

let fuzzSupport = Target.target(name: "FuzzSupport", dependencies: ["CLibFuzzer"])

/// Each program is its `main`; its harness is in the package's `StoreFuzzing` product.
func program(_ name: String, libFuzzer: Bool = true) -> Target {
  .executableTarget(
    name: name,
    dependencies: (libFuzzer ? ["FuzzSupport"] : [])
      + [.product(name: "StoreFuzzing", package: store)]
  )
}

// MARK: - Fuzz targets (each a libFuzzer program: `fuzz-jws CORPUS -runs=N`)

let fuzzJWS = program("fuzz-jws")
let fuzzStoreKit = program("fuzz-storekit")
let fuzzState = program("fuzz-state")
let fuzzCLI = program("fuzz-cli")
let fuzzX509 = program("fuzz-x509")
let fuzzHTTP = program("fuzz-http")

// MARK: - Seeds and soak

let fuzzSeeds = program("fuzz-seeds", libFuzzer: false)
let soak = program("soak", libFuzzer: false)

let swiftTargets = [
  fuzzSupport, fuzzJWS, fuzzStoreKit, fuzzState, fuzzCLI, fuzzX509, fuzzHTTP, fuzzSeeds, soak,
]
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
