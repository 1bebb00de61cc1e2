#if os(Linux)
  import AppStoreJWS
  import OpenSSLOracle
  import StoreInternals
  import Testing

  /// The shared key checks (`ECKeyChecks`, which both primitives call before their own import)
  /// against libcrypto's own refusals (`OpenSSLKeyOracle`: `EVP_PKEY_fromdata`, `d2i_PUBKEY`,
  /// `EVP_PKEY_public_check`, `EVP_PKEY_private_check`): on each vector both refuse, or both
  /// accept. Linux only, where libcrypto is; the macOS job runs the primitive's own refusals
  /// (PrimitiveVectorTests), which go through the same checks.
  @Suite struct KeyCheckTests {
    typealias Verdict = OpenSSLKeyOracle.Verdict

    /// A key to check: its bytes, the curve expected, and the words our refusal must use
    /// (`nil`: a valid key, which both must accept).
    struct Vector: Sendable, CustomTestStringConvertible {
      enum Kind: Sendable { case scalar, point, subjectPublicKeyInfo }
      var name: String
      var kind: Kind
      var curve: ECCurve
      var bytes: [UInt8]
      var refusal: String?
      var testDescription: String { "\(curve.name) \(name)" }
    }

    static func bytes(_ hex: String) -> [UInt8] { PrimitiveVectorTests.bytes(hex) }

    static func libcryptoCurve(_ curve: ECCurve) -> PrivateKey.Curve {
      curve == .p256 ? .p256 : .p384
    }

    /// libcrypto's p, b and n of `curve` (not this package's constants, which a test compares).
    static func domain(_ curve: ECCurve) -> (p: [UInt8], b: [UInt8], n: [UInt8]) {
      guard let domain = OpenSSLKeyOracle.domainParameters(libcryptoCurve(curve)) else {
        return ([], [], [])
      }
      return (domain.p, domain.b, domain.n)
    }

    /// `value + small`, big-endian, same width (the vectors never carry out of it).
    static func plus(_ value: [UInt8], _ small: UInt8) -> [UInt8] {
      var result = value
      var carry = UInt16(small)
      for index in result.indices.reversed() {
        let sum = UInt16(result[index]) + carry
        result[index] = UInt8(truncatingIfNeeded: sum)
        carry = sum >> 8
      }
      return result
    }

    /// libcrypto's known-answer keys (PrimitiveVectorTests): `openssl ecparam -genkey`.
    static let validPoint: [ECCurve: String] = [
      .p256: String(PrimitiveVectorTests.vectors[0].spki.dropFirst(52)),
      .p384: String(PrimitiveVectorTests.vectors[1].spki.dropFirst(46)),
    ]

    /// `√b mod p`: `(0, √b)` is a point of the curve, so `(p, √b)` satisfies the equation
    /// modulo p and only the range check refuses it. Computed as `b^((p+1)/4) mod p` (both
    /// primes are 3 mod 4) with Python's integers; libcrypto's acceptance of `(0, √b)` below
    /// confirms it.
    static let rootOfB: [ECCurve: String] = [
      .p256: "66485c780e2f83d72433bd5d84a06bb6541c2af31dae871728bf856a174f93f4",
      .p384: "c306610fb0ae5a159cf45c06069f22a6c5eb3641c602d42dea2c4b4f75550793406d80d2b91ad54f"
        + "9048bd487af1ade1",
    ]

    /// The least root x₁ of `x³ − 3x + b − 1` over F_p (Cantor–Zassenhaus, with Python's
    /// integers): `(x₁, 1)` is a point of the curve, so `(x₁, p + 1)` is refused by the range
    /// check alone. libcrypto's acceptance of `(x₁, 1)` below confirms it.
    static let xWhereYIsOne: [ECCurve: String] = [
      .p256: "09e78d4ef60d05f750f6636209092bc43cbdd6b47e11a9de20a9feb2a50bb96c",
      .p384: "2261b2bf605c22f2f3aef6338719b2c486388ad5240719a5257315969ef01ba27f0a104c89704773"
        + "a81fdabee6ab5c78",
    ]

    static func vectors(_ curve: ECCurve) -> [Vector] {
      let size = curve.coordinateByteCount
      let (p, _, n) = domain(curve)
      let zeros = [UInt8](repeating: 0, count: size)
      let one = plus(zeros, 1)
      let valid = bytes(validPoint[curve] ?? "")
      let x = Array(valid[1...size])
      let y = Array(valid[(1 + size)...])
      let other: ECCurve = curve == .p256 ? .p384 : .p256
      let otherPoint = bytes(validPoint[other] ?? "")
      let otherSPKI = bytes(PrimitiveVectorTests.vectors[other == .p256 ? 0 : 1].spki)
      let spki = bytes(PrimitiveVectorTests.vectors[curve == .p256 ? 0 : 1].spki)
      let root = bytes(rootOfB[curve] ?? "")
      // The scalar of libcrypto's key: in its PKCS#8, after the OCTET STRING header `04 20`
      // (P-256, at byte 34) or `04 30` (P-384, at byte 33).
      let pkcs8 = bytes(PrimitiveVectorTests.vectors[curve == .p256 ? 0 : 1].pkcs8)
      let scalarStart = curve == .p256 ? 36 : 35
      let x1 = bytes(xWhereYIsOne[curve] ?? "")
      func scalar(_ name: String, _ value: [UInt8], _ refusal: String?) -> Vector {
        Vector(name: name, kind: .scalar, curve: curve, bytes: value, refusal: refusal)
      }
      func point(_ name: String, _ value: [UInt8], _ refusal: String?) -> Vector {
        Vector(name: name, kind: .point, curve: curve, bytes: value, refusal: refusal)
      }
      return [
        scalar("scalar 0", zeros, "is 0"),
        scalar("scalar n", n, "not below the curve's order n"),
        scalar("scalar n + 1", plus(n, 1), "not below the curve's order n"),
        scalar("scalar 2^\(8 * size) − 1", [UInt8](repeating: 0xFF, count: size), "not below"),
        scalar("scalar 1", one, nil),
        scalar("scalar n − 1", Array(n.dropLast()) + [n[size - 1] - 1], nil),
        scalar("scalar of libcrypto's key", Array(pkcs8[scalarStart..<(scalarStart + size)]), nil),
        point("libcrypto's point", valid, nil),
        point("(0, √b)", [4] + zeros + root, nil),
        point("(x₁, 1)", [4] + x1 + one, nil),
        point("y flipped by one (y + 1)", [4] + x + plus(y, 1), "not on"),
        point("x = p (with √b: on the curve modulo p)", [4] + p + root, "x is not below"),
        point(
          "y = p + 1 (with x₁: on the curve modulo p)", [4] + x1 + plus(p, 1), "y is not below"),
        point(
          "x = 2^\(8 * size) − 1", [4] + [UInt8](repeating: 0xFF, count: size) + y, "x is not below"
        ),
        point("the point at infinity, 00", [0], "point at infinity"),
        point("the point at infinity as (0, 0)", [4] + zeros + zeros, "point at infinity"),
        point("a \(other.name) point", otherPoint, "\(other.name) point where"),
        point("prefix 05", [5] + x + y, "starts with 05"),
        Vector(
          name: "a \(other.name) SubjectPublicKeyInfo", kind: .subjectPublicKeyInfo, curve: curve,
          bytes: otherSPKI, refusal: "a \(other.name) key where \(curve.name) is expected"),
        Vector(
          name: "libcrypto's SubjectPublicKeyInfo", kind: .subjectPublicKeyInfo, curve: curve,
          bytes: spki, refusal: nil),
      ]
    }

    static func hex(_ bytes: [UInt8]) -> String {
      bytes.map {
        String($0, radix: 16).count == 1 ? "0" + String($0, radix: 16) : String($0, radix: 16)
      }
      .joined()
    }

    static let allVectors = vectors(.p256) + vectors(.p384)

    /// The shared checks' verdict: `nil` when they accept, else the refusal's reason.
    static func ours(_ vector: Vector) -> String? {
      do throws(AppStoreJWSError) {
        switch vector.kind {
        case .scalar:
          try vector.bytes.withBytes { bytes throws(AppStoreJWSError) in
            try ECKeyChecks.checkPrivateScalar(curve: vector.curve, bytes)
          }
        case .point:
          try vector.bytes.withBytes { bytes throws(AppStoreJWSError) in
            try ECKeyChecks.checkPublicKey(curve: vector.curve, x963Representation: bytes)
          }
        case .subjectPublicKeyInfo:
          _ = try ECKeyChecks.publicPoint(
            subjectPublicKeyInfo: vector.bytes, expecting: vector.curve)
        }
        return nil
      } catch {
        return error.reason
      }
    }

    static func libcrypto(_ vector: Vector) -> Verdict {
      let curve = libcryptoCurve(vector.curve)
      switch vector.kind {
      case .scalar: return OpenSSLKeyOracle.privateScalar(vector.bytes, curve: curve)
      case .point: return OpenSSLKeyOracle.publicPoint(vector.bytes, curve: curve)
      case .subjectPublicKeyInfo:
        return OpenSSLKeyOracle.subjectPublicKeyInfo(vector.bytes, curve: curve)
      }
    }

    @Test(
      "each vector: the shared checks refuse it (for the reason named) and libcrypto refuses it too, or both accept it",
      arguments: allVectors)
    func againstLibcrypto(vector: Vector) {
      let reason = Self.ours(vector)
      let verdict = Self.libcrypto(vector)
      if let refusal = vector.refusal {
        #expect(reason?.contains(refusal) == true, "ours: \(reason ?? "accepted")")
        #expect(verdict != .accepted, "libcrypto accepts it")
      } else {
        #expect(reason == nil, "ours: \(reason ?? "")")
        #expect(verdict == .accepted, "libcrypto: \(verdict)")
      }
    }

    @Test(
      "both primitives' import goes through the shared checks: the primitive refuses each refused vector with the shared reason",
      arguments: allVectors.filter { $0.refusal != nil && $0.kind != .subjectPublicKeyInfo })
    func primitiveRefuses(vector: Vector) {
      var reason: String?
      do throws(AppStoreJWSError) {
        try vector.bytes.withBytes { bytes throws(AppStoreJWSError) in
          if vector.kind == .scalar {
            _ = try PlatformPrivateKey(curve: vector.curve, rawScalar: bytes)
          } else {
            _ = try PlatformPublicKey(curve: vector.curve, x963Representation: bytes)
          }
        }
      } catch {
        reason = error.reason
      }
      #expect(reason == Self.ours(vector))
    }

    @Test(
      "libcrypto takes a compressed point; the shared checks refuse it (RFC 5480's form only)",
      arguments: ECCurve.allCases)
    func compressedPoints(curve: ECCurve) throws {
      let valid = Self.bytes(Self.validPoint[curve] ?? "")
      let size = curve.coordinateByteCount
      let compressed = [2 | (valid[2 * size] & 1)] + Array(valid[1...size])
      let vector = Vector(
        name: "compressed", kind: .point, curve: curve, bytes: compressed, refusal: "compressed")
      #expect(Self.libcrypto(vector) == .accepted)
      #expect(Self.ours(vector)?.contains("compressed") == true)
    }

    @Test(
      "the checks' p, b and n are libcrypto's (SEC 2), a is p − 3, and the Montgomery factor is −p⁻¹ mod 2⁶⁴",
      arguments: ECCurve.allCases)
    func domainParameters(curve: ECCurve) throws {
      let theirs = try #require(OpenSSLKeyOracle.domainParameters(Self.libcryptoCurve(curve)))
      let ours = ECDomain.of(curve)
      func bytes(_ limbs: [UInt64]) -> [UInt8] {
        limbs.reversed().flatMap { limb in
          (0..<8).reversed().map { UInt8(truncatingIfNeeded: limb >> (8 * $0)) }
        }
      }
      #expect(bytes(ours.p) == theirs.p)
      #expect(bytes(ours.b) == theirs.b)
      #expect(bytes(ours.n) == theirs.n)
      #expect(Self.plus(theirs.a, 3) == theirs.p)
      #expect(ours.p[0] &* ours.montgomeryFactor == UInt64.max)
    }

    @Test(
      "random keys and their one-bit corruptions: the shared checks and libcrypto agree on every one",
      arguments: ECCurve.allCases)
    func randomAgreement(curve: ECCurve) throws {
      var generator = SeededGenerator(seed: curve == .p256 ? 30 : 384)
      var counts = (accepted: 0, refused: 0)
      for _ in 0..<64 {
        let key = try PlatformPrivateKey(generatingOn: curve)
        var corrupted = key.publicKey.x963Representation
        let bit = Int.random(in: 8..<(8 * corrupted.count), using: &generator)
        corrupted[bit / 8] ^= UInt8(1 << (bit % 8))
        // Its first half set: above n unless the next byte is low enough (n starts with
        // ffffffff 00000000 on P-256, with 24 bytes ff and then c7 on P-384).
        var scalar = key.rawScalar
        for index in 0..<(scalar.count / 2) { scalar[index] = 0xFF }
        for (bytes, kind) in [
          (key.publicKey.x963Representation, Vector.Kind.point), (corrupted, .point),
          (key.rawScalar, .scalar), (scalar, .scalar),
        ] {
          let vector = Vector(name: "random", kind: kind, curve: curve, bytes: bytes, refusal: nil)
          let ours = Self.ours(vector) == nil
          let theirs = Self.libcrypto(vector) == .accepted
          #expect(ours == theirs, "\(kind) \(Self.hex(bytes)): ours \(ours), libcrypto \(theirs)")
          if ours { counts.accepted += 1 } else { counts.refused += 1 }
        }
      }
      #expect(counts.accepted >= 128)
      #expect(counts.refused >= 64)
    }
  }
#endif
