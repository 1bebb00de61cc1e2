import AppStoreJWS
import Foundation
import OpenSSLOracle
import StoreInternals

/// `--parser-fuzz N [--seed S] [--corpus DIR]`: N seeded random mutations (bytes flipped,
/// inserted, removed, lengths made absurd or indefinite, truncations, splices) of
/// certificates (the corpus's real chains, Apple Root CA - G3, the local CA's), PKCS#8 keys
/// and DER signatures, each through every Swift reader: certificate, PEM, PKCS#8/SEC 1 key,
/// ECDSA-Sig-Value. Not coverage-guided (that is `fuzz-x509`): a crash or a hang here is a
/// finding; prints the count and the time.
enum ParserFuzzRun {
  static func run(arguments: [String]) -> Int32 {
    func value(_ flag: String) -> String? {
      arguments.firstIndex(of: flag).flatMap { $0 + 1 < arguments.count ? arguments[$0 + 1] : nil }
    }
    let count = value("--parser-fuzz").flatMap(Int.init) ?? 1_000_000
    var generator = SeededGenerator(seed: value("--seed").flatMap(UInt64.init) ?? 1)
    var seeds: [[UInt8]] = [Array(Certificate.appleRootCAG3.derRepresentation)]
    if let authority = try? TestCertificateAuthority(seed: Array("parser-fuzz".utf8)) {
      seeds += authority.certificateChain.map { Array($0.derRepresentation) }
      seeds += [authority.rootKey, authority.leafKey].compactMap {
        (try? $0.derRepresentation()).map(Array.init)
      }
      if let token = try? authority.signer.sign(payloadJSON: Data("{}".utf8)),
        let signature = try? UnverifiedJWS(parsing: token).signature
      {
        seeds.append(OpenSSLBaseline.derSignature(raw: Array(signature)) ?? [])
      }
    }
    if let folder = JWSBenchmarks.realTokenFolder(arguments: arguments),
      let files = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
    {
      for file in files.sorted().prefix(8) where file.hasSuffix(".txt") {
        if let text = try? String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8),
          let chain = try? UnverifiedJWS(
            parsing: text.trimmingCharacters(in: .whitespacesAndNewlines)
          ).certificateChain()
        {
          seeds += chain.map { Array($0.derRepresentation) }
        }
      }
    }
    let start = Date()
    var parsed = 0
    for _ in 0..<count {
      var input = seeds[Int(generator.next() % UInt64(seeds.count))]
      for _ in 0...(generator.next() % 3) { mutate(&input, &generator) }
      if ColdPathParts.parse(input) { parsed += 1 }
      _ = ColdPathParts.parsePrivateKey(input)
      _ = ColdPathParts.parseSignature(input)
      if generator.next() % 16 == 0 {
        let pem =
          "-----BEGIN CERTIFICATE-----\n" + Data(input).base64EncodedString()
          + "\n-----END CERTIFICATE-----\n"
        _ = try? Certificate.certificates(pemEncoded: pem)
      }
    }
    print(
      "parser-fuzz: \(count) inputs through 4 readers, \(parsed) still parse as a certificate, "
        + "0 crashes, \(Int(Date().timeIntervalSince(start))) s")
    return 0
  }

  static func mutate(_ input: inout [UInt8], _ generator: inout SeededGenerator) {
    guard !input.isEmpty else {
      input = [0x30, 0x80]
      return
    }
    let position = Int(generator.next() % UInt64(input.count))
    switch generator.next() % 7 {
    case 0: input[position] ^= UInt8(1 + generator.next() % 255)
    case 1: input.insert(UInt8(truncatingIfNeeded: generator.next()), at: position)
    case 2: input.remove(at: position)
    case 3:
      let lengths: [[UInt8]] = [
        [0x80], [0x84, 0xFF, 0xFF, 0xFF, 0xFF], [0x83, 0x10, 0, 0], [0x81, 0x01], [0xFF],
      ]
      input.replaceSubrange(position..<(position + 1), with: lengths[Int(generator.next() % 5)])
    case 4: input = Array(input.prefix(position))
    case 5:
      let end = min(input.count, position + Int(generator.next() % 64))
      input.insert(contentsOf: input[position..<end], at: position)
    default:
      input[position] =
        [0x00, 0x30, 0x02, 0x03, 0x04, 0x05, 0x06, 0x80, 0xA0, 0xA3][Int(generator.next() % 10)]
    }
  }
}
