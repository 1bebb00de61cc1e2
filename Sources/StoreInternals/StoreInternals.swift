// What the package's modules share and no app should see: the one home of the package's
// infrastructure (locks, bounded caches, the strict JSON reader, seeded generators, a
// string-only coding key), as swift-certificates keeps `_CertificateInternals`. Foundation
// only, so it builds wherever its users do (iOS included). Not a product: everything here is
// `package`.
