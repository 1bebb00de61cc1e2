/// The checks every key passes before a primitive imports it: the same Swift on every platform,
/// called by libcrypto's primitive (`ECPrimitive+OpenSSL.swift`) and CryptoKit's
/// (`ECPrimitive+CryptoKit.swift`) before their own import, so that both refuse the same keys
/// for the same reasons whatever the platform's library would let through.
///
/// - A private scalar is exactly ``ECCurve/coordinateByteCount`` bytes, big-endian, and
///   `1 ≤ d < n` (SEC 1 v2 §3.2.1: private keys are drawn from `[1, n − 1]`).
/// - A public key is the uncompressed point `04‖X‖Y` of the curve (RFC 5480 §2.2 makes it the
///   form that must be supported; compressed points, a point of the other curve and the point at
///   infinity are refused with their own reasons), and passes SEC 1 v2 §3.2.2.1 ("Elliptic Curve
///   Public Key Validation Primitive"): not the point at infinity, both coordinates in
///   `[0, p − 1]`, and `y² ≡ x³ − 3x + b (mod p)`. Its last step, `nQ = O`, holds for every
///   point of the curve when the cofactor `h` is 1, as it is for P-256 and P-384 (SEC 2 v2
///   §2.4.2, §2.5.1), so it is not computed.
///
/// This is a check, not a primitive: no point arithmetic, only comparisons and field products
/// on fixed-width integers (4 or 6 64-bit limbs) to evaluate the curve's equation once. Every
/// loop runs over all limbs and selects with masks, never on a limb's value, so the work does
/// not depend on the key (a private scalar passes through the comparisons only).
package enum ECKeyChecks {
  /// Refuses `scalar` unless it is a private scalar of `curve`: big-endian,
  /// ``ECCurve/coordinateByteCount`` bytes, `1 ≤ scalar < n`.
  /// - Throws: ``AppStoreJWSError/Code/invalidKey``, saying which of those fails.
  package static func checkPrivateScalar(curve: ECCurve, _ scalar: UnsafeRawBufferPointer)
    throws(AppStoreJWSError)
  {
    guard scalar.count == curve.coordinateByteCount else {
      throw AppStoreJWSError(
        .invalidKey,
        "a \(curve.name) private scalar has \(curve.coordinateByteCount) bytes, not \(scalar.count)"
      )
    }
    let domain = ECDomain.of(curve)
    let value = Limbs.fromBigEndian(scalar)
    guard !Limbs.isZero(value) else {
      throw AppStoreJWSError(.invalidKey, "the \(curve.name) private scalar is 0, outside [1, n)")
    }
    guard Limbs.isLess(value, than: domain.n) else {
      throw AppStoreJWSError(
        .invalidKey,
        "the \(curve.name) private scalar is not below the curve's order n, outside [1, n)")
    }
  }

  /// Refuses `point` unless it is the uncompressed point `04‖X‖Y` of a public key of `curve`
  /// (see the type's discussion).
  /// - Throws: ``AppStoreJWSError/Code/invalidKey``, saying which check fails.
  package static func checkPublicKey(
    curve: ECCurve, x963Representation point: UnsafeRawBufferPointer
  )
    throws(AppStoreJWSError)
  {
    guard point.count == curve.x963ByteCount, point.first == 0x04 else {
      throw AppStoreJWSError(.invalidKey, wrongForm(point, curve: curve))
    }
    let domain = ECDomain.of(curve)
    let size = curve.coordinateByteCount
    let x = Limbs.fromBigEndian(UnsafeRawBufferPointer(rebasing: point[1..<(1 + size)]))
    let y = Limbs.fromBigEndian(UnsafeRawBufferPointer(rebasing: point[(1 + size)...]))
    guard Limbs.isLess(x, than: domain.p) else {
      throw AppStoreJWSError(
        .invalidKey, "the \(curve.name) point's x is not below the field prime p")
    }
    guard Limbs.isLess(y, than: domain.p) else {
      throw AppStoreJWSError(
        .invalidKey, "the \(curve.name) point's y is not below the field prime p")
    }
    guard !(Limbs.isZero(x) && Limbs.isZero(y)) else {
      throw AppStoreJWSError(
        .invalidKey,
        "04 and zeros: the point at infinity written as (0, 0), which is no \(curve.name) key")
    }
    guard domain.isOnCurve(x: x, y: y) else {
      throw AppStoreJWSError(
        .invalidKey, "the point is not on \(curve.name): y² ≠ x³ − 3x + b (mod p)")
    }
  }

  /// Why `point`, which is not `04` and two coordinates of `curve`, is refused.
  private static func wrongForm(_ point: UnsafeRawBufferPointer, curve: ECCurve) -> String {
    let other: ECCurve = curve == .p256 ? .p384 : .p256
    switch (point.count, point.first) {
    case (1, 0x00):
      return "the single byte 00: the point at infinity, which is no \(curve.name) key"
    case (1 + curve.coordinateByteCount, 0x02), (1 + curve.coordinateByteCount, 0x03):
      return "a compressed \(curve.name) point: only the uncompressed form 04‖X‖Y is taken"
    case (other.x963ByteCount, 0x04):
      return "\(point.count) bytes: a \(other.name) point where a \(curve.name) one is expected"
    case (curve.x963ByteCount, let first?):
      let prefix = (first < 16 ? "0" : "") + String(first, radix: 16)
      return "the \(curve.name) point starts with \(prefix), not 04 (uncompressed)"
    default:
      return
        "\(point.count) bytes: an uncompressed \(curve.name) point is 04‖X‖Y, "
        + "\(curve.x963ByteCount) bytes"
    }
  }
}

extension ECCurve {
  /// The curve's name in FIPS 186-4: `P-256`, `P-384`.
  package var name: String { self == .p256 ? "P-256" : "P-384" }
}

/// A curve's domain parameters as the checks use them: the field prime `p`, the coefficient `b`
/// (`a` is `p − 3` on both curves) and the order `n`, in little-endian 64-bit limbs.
package struct ECDomain: Sendable {
  package let p: [UInt64]
  package let b: [UInt64]
  package let n: [UInt64]
  /// `−p⁻¹ mod 2⁶⁴`, for Montgomery products modulo `p`.
  package let montgomeryFactor: UInt64

  /// P-256 (secp256r1): SEC 2 v2 §2.4.2; the same values are FIPS 186-4 Appendix D.1.2.3's.
  static let p256 = ECDomain(
    p: "ffffffff00000001000000000000000000000000ffffffffffffffffffffffff",
    b: "5ac635d8aa3a93e7b3ebbd55769886bc651d06b0cc53b0f63bce3c3e27d2604b",
    n: "ffffffff00000000ffffffffffffffffbce6faada7179e84f3b9cac2fc632551")

  /// P-384 (secp384r1): SEC 2 v2 §2.5.1; the same values are FIPS 186-4 Appendix D.1.2.4's.
  static let p384 = ECDomain(
    p: "ffffffffffffffffffffffffffffffffffffffffffffffff"
      + "fffffffffffffffeffffffff0000000000000000ffffffff",
    b: "b3312fa7e23ee7e4988e056be3f82d19181d9c6efe814112"
      + "0314088f5013875ac656398d8a2ed19d2a85c8edd3ec2aef",
    n: "ffffffffffffffffffffffffffffffffffffffffffffffff"
      + "c7634d81f4372ddf581a0db248b0a77aecec196accc52973"
  )

  package static func of(_ curve: ECCurve) -> ECDomain { curve == .p256 ? p256 : p384 }

  private init(p: String, b: String, n: String) {
    self.p = Limbs.fromHex(p)
    self.b = Limbs.fromHex(b)
    self.n = Limbs.fromHex(n)
    // p is odd: p·p ≡ 1 (mod 8) gives p⁻¹ to 3 bits, and each Newton step doubles the bits.
    var inverse = self.p[0]
    for _ in 0..<5 { inverse = inverse &* (2 &- self.p[0] &* inverse) }
    self.montgomeryFactor = 0 &- inverse
  }

  /// Whether `y² ≡ x³ − 3x + b (mod p)`, for `x` and `y` of the curve's limb count.
  ///
  /// The equation is evaluated on `x mod p` and `y mod p`: refusing coordinates `≥ p` is the
  /// range check's alone. With `M(u, v) = u·v·R⁻¹ mod p` (Montgomery's product, `R = 2^(64k)`),
  /// every term is brought to the same factor `R⁻²` (`M(M(y, y), 1) = y²R⁻²`,
  /// `M(M(x, x), x) = x³R⁻²`, `M(M(t, 1), 1) = t·R⁻²`), so no conversion constant is needed.
  func isOnCurve(x rawX: [UInt64], y rawY: [UInt64]) -> Bool {
    let x = Limbs.reducedOnce(rawX, carry: 0, modulus: p)
    let y = Limbs.reducedOnce(rawY, carry: 0, modulus: p)
    var one = [UInt64](repeating: 0, count: p.count)
    one[0] = 1
    let left = product(product(y, y), one)
    let cube = product(product(x, x), x)
    let threeX = Limbs.add(Limbs.add(x, x, modulus: p), x, modulus: p)
    let right = Limbs.add(
      Limbs.subtract(cube, product(product(threeX, one), one), modulus: p),
      product(product(b, one), one), modulus: p)
    return Limbs.isEqual(left, right)
  }

  /// Montgomery's product `u·v·R⁻¹ mod p` of `u, v < p` (coarsely integrated operand scanning,
  /// Koç, Acar and Kaliski, "Analyzing and Comparing Montgomery Multiplication Algorithms",
  /// IEEE Micro 1996): the result is below `p`.
  private func product(_ u: [UInt64], _ v: [UInt64]) -> [UInt64] {
    let k = p.count
    var t = [UInt64](repeating: 0, count: k + 2)
    for i in 0..<k {
      var carry: UInt64 = 0
      for j in 0..<k {
        (carry, t[j]) = Limbs.multiplyAdd(u[j], v[i], t[j], carry)
      }
      (t[k + 1], t[k]) = Limbs.multiplyAdd(0, 0, t[k], carry)
      let m = t[0] &* montgomeryFactor
      (carry, _) = Limbs.multiplyAdd(m, p[0], t[0], 0)
      for j in 1..<k {
        (carry, t[j - 1]) = Limbs.multiplyAdd(m, p[j], t[j], carry)
      }
      (carry, t[k - 1]) = Limbs.multiplyAdd(0, 0, t[k], carry)
      t[k] = t[k + 1] &+ carry
    }
    return Limbs.reducedOnce(Array(t[0..<k]), carry: t[k], modulus: p)
  }
}

/// Unsigned integers as arrays of little-endian 64-bit limbs, all of one length; what
/// ``ECKeyChecks`` needs and nothing more. No operation branches on a limb's value.
enum Limbs {
  /// The limbs of big-endian `bytes` (a multiple of 8 bytes).
  static func fromBigEndian(_ bytes: UnsafeRawBufferPointer) -> [UInt64] {
    let count = bytes.count / 8
    return (0..<count).map { index in
      let start = (count - 1 - index) * 8
      return bytes[start..<(start + 8)].reduce(0) { ($0 << 8) | UInt64($1) }
    }
  }

  /// The limbs of a big-endian hexadecimal constant (a multiple of 16 digits).
  static func fromHex(_ hex: String) -> [UInt64] {
    let digits = Array(hex.utf8)
    return stride(from: digits.count, to: 0, by: -16).map { end in
      digits[(end - 16)..<end].reduce(0) { value, digit in
        let nibble = digit <= 0x39 ? digit &- 0x30 : (digit | 0x20) &- 0x57
        return (value << 4) | UInt64(nibble)
      }
    }
  }

  /// `a·b + c + d` as `(high, low)`: it cannot overflow 128 bits.
  static func multiplyAdd(_ a: UInt64, _ b: UInt64, _ c: UInt64, _ d: UInt64)
    -> (high: UInt64, low: UInt64)
  {
    let (high, low) = a.multipliedFullWidth(by: b)
    let (sum, overflow) = low.addingReportingOverflow(c)
    let (total, overflow2) = sum.addingReportingOverflow(d)
    return (high &+ (overflow ? 1 : 0) &+ (overflow2 ? 1 : 0), total)
  }

  /// `a − b` and the borrow out (1 when `a < b`).
  static func subtractWithBorrow(_ a: [UInt64], _ b: [UInt64]) -> ([UInt64], borrow: UInt64) {
    var borrow: UInt64 = 0
    var difference = a
    for index in a.indices {
      let (first, under) = a[index].subtractingReportingOverflow(b[index])
      let (second, under2) = first.subtractingReportingOverflow(borrow)
      difference[index] = second
      borrow = (under ? 1 : 0) | (under2 ? 1 : 0)
    }
    return (difference, borrow)
  }

  /// Whether `a < b`.
  static func isLess(_ a: [UInt64], than b: [UInt64]) -> Bool {
    subtractWithBorrow(a, b).borrow == 1
  }

  static func isZero(_ a: [UInt64]) -> Bool {
    a.reduce(0, |) == 0
  }

  static func isEqual(_ a: [UInt64], _ b: [UInt64]) -> Bool {
    zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
  }

  /// `value + carry·2^(64k)` less `modulus` if that is not negative: the value modulo
  /// `modulus` when it is below twice the modulus.
  static func reducedOnce(_ value: [UInt64], carry: UInt64, modulus: [UInt64]) -> [UInt64] {
    let (difference, borrow) = subtractWithBorrow(value, modulus)
    // The difference is kept when the carry covers the borrow or there was no borrow.
    let keep = 0 &- (carry | (borrow ^ 1))
    return zip(difference, value).map { ($0 & keep) | ($1 & ~keep) }
  }

  /// `(a + b) mod modulus`, for `a, b < modulus`.
  static func add(_ a: [UInt64], _ b: [UInt64], modulus: [UInt64]) -> [UInt64] {
    var carry: UInt64 = 0
    var sum = a
    for index in a.indices {
      (carry, sum[index]) = multiplyAdd(1, a[index], b[index], carry)
    }
    return reducedOnce(sum, carry: carry, modulus: modulus)
  }

  /// `(a − b) mod modulus`, for `a, b < modulus`: the modulus is added back after a borrow.
  static func subtract(_ a: [UInt64], _ b: [UInt64], modulus: [UInt64]) -> [UInt64] {
    let (difference, borrow) = subtractWithBorrow(a, b)
    let mask = 0 &- borrow
    var carry: UInt64 = 0
    var result = difference
    for index in difference.indices {
      (carry, result[index]) = multiplyAdd(1, difference[index], modulus[index] & mask, carry)
    }
    return result
  }
}
