#if os(Linux)
  import AppStoreJWS
  import StoreInternals

  /// The differential check's mutations of a chain (see ``ChainDifferential``).
  enum Mutation {
    /// Mutates one of the certificates or the time; returns what was done.
    static func apply(
      _ leaf: inout [UInt8], _ intermediate: inout [UInt8], _ time: inout Int64,
      base: ChainDifferential.Base, using generator: inout SeededGenerator
    ) -> String {
      let onLeaf = generator.next() % 2 == 0
      let which = onLeaf ? "leaf" : "intermediate"
      let key = onLeaf ? base.leafIssuerKey : base.intermediateIssuerKey
      var target = onLeaf ? leaf : intermediate
      defer { if onLeaf { leaf = target } else { intermediate = target } }
      let choice = Int(generator.next() % (key == nil ? 11 : 24))
      switch choice {
      case 0, 1:
        guard !target.isEmpty else { return "empty" }
        let position = Int(generator.next() % UInt64(target.count))
        target[position] ^= UInt8(1 + generator.next() % 255)
        return "\(base.name): \(which) byte \(position) flipped"
      case 2:
        guard !target.isEmpty else { return "empty" }
        let position = Int(generator.next() % UInt64(target.count))
        target[position] ^= 1 << UInt8(generator.next() % 8)
        return "\(base.name): \(which) bit flipped at \(position)"
      case 3:
        let length = Int(generator.next() % UInt64(target.count + 1))
        target = Array(target.prefix(length))
        return "\(base.name): \(which) truncated to \(length)"
      case 4:
        let extra = (0..<(1 + generator.next() % 3)).map { _ in
          UInt8(truncatingIfNeeded: generator.next())
        }
        target += extra
        return "\(base.name): \(which) with \(extra.count) trailing bytes"
      case 5:
        swap(&leaf, &intermediate)
        target = onLeaf ? leaf : intermediate
        return "\(base.name): leaf and intermediate swapped"
      case 6:
        target = onLeaf ? intermediate : leaf
        return "\(base.name): the \(which) replaced by the other certificate"
      case 7:
        target = Array(base.roots[0].derRepresentation)
        return "\(base.name): the \(which) replaced by the root"
      case 8:
        guard let tree = DERTree.parse(target) else { return "\(base.name): unparsed" }
        target = tree.encoded(longLength: [])
        return "\(base.name): \(which)'s outer length not minimal"
      case 9:
        guard let tree = DERTree.parse(target), case .constructed(_, let children) = tree else {
          return "\(base.name): unparsed"
        }
        target = [0x30, 0x80] + children.flatMap { $0.encoded() } + [0, 0]
        return "\(base.name): \(which)'s outer length indefinite"
      case 10:
        let years = Int64(generator.next() % 61) - 30
        time += years * 31_556_952 + Int64(generator.next() % 86_400) - 43_200
        return "\(base.name): validation time moved \(years) years"
      default:
        guard let key else { return "no key" }
        return resigned(&target, key: key, which: "\(base.name): \(which)", using: &generator)
      }
    }

    /// An edit inside `tbsCertificate`, signed again with `key`.
    static func resigned(
      _ certificate: inout [UInt8], key: PrivateKey, which: String,
      using generator: inout SeededGenerator
    ) -> String {
      guard let tree = DERTree.parse(certificate), let tbs = tree.children.first else {
        return "\(which): unparsed"
      }
      var edited = tbs
      var bytes: [UInt8]?
      var label = ""
      func random(_ bound: Int) -> Int { Int(generator.next() % UInt64(max(1, bound))) }
      let extensionsIndex = tbs.children.lastIndex { $0.tag == 0xA3 }
      let extensionList =
        extensionsIndex.map { tbs.children[$0].children.first?.children ?? [] } ?? []
      func withExtensions(_ list: [DERTree]) -> DERTree? {
        guard let extensionsIndex else { return nil }
        return tbs.replacing([extensionsIndex, 0][...]) { _ in
          .constructed(tag: 0x30, children: list)
        }
      }
      switch random(16) {
      case 0:
        // A byte flipped inside the signed part, signed again.
        var raw = tbs.encoded()
        let position = random(raw.count)
        raw[position] ^= UInt8(1 + random(255))
        bytes = raw
        label = "tbs byte \(position) flipped"
      case 1:
        let serials: [[UInt8]] = [
          [0x80 | UInt8(random(128))], [0xFF, 0x7F], [0], [0, 0x01],
          [0x01] + (0..<(20 + random(180))).map { _ in UInt8(random(256)) },
          [0x7F] + [UInt8](repeating: 0xFF, count: 19),
        ]
        let serial = serials[random(serials.count)]
        edited = tbs.replacing([1][...]) { _ in .primitive(tag: 0x02, content: serial) } ?? tbs
        label = "serial \(serial.count) bytes, first \(serial[0])"
      case 2:
        guard !extensionList.isEmpty else { return "\(which): no extensions" }
        var list = extensionList
        let removed = list.remove(at: random(list.count))
        edited = withExtensions(list) ?? tbs
        label = "extension \(removed.children.first.map { "\($0)" } ?? "") removed"
      case 3:
        guard !extensionList.isEmpty else { return "\(which): no extensions" }
        var list = extensionList
        list.append(list[random(list.count)])
        edited = withExtensions(list) ?? tbs
        label = "an extension repeated"
      case 4:
        guard !extensionList.isEmpty else { return "\(which): no extensions" }
        var list = extensionList
        let index = random(list.count)
        var parts = list[index].children
        if parts.count == 3 {
          parts.remove(at: 1)
        } else {
          parts.insert(.primitive(tag: 0x01, content: [[0xFF, 0x00, 0x01][random(3)]]), at: 1)
        }
        list[index] = .constructed(tag: 0x30, children: parts)
        edited = withExtensions(list) ?? tbs
        label = "extension \(index)'s criticality changed"
      case 5:
        let texts = [
          "491231235959Z", "500101000000Z", "201301000000Z", "200230000000Z", "2001010000Z",
          "200101000000.5Z", "200101000000+0100", "20491231235959Z", "20500101000000Z",
          "99991231235959Z", "200101240000Z", "200101235960Z", "000101000000Z", "210101000000Z",
        ]
        let text = texts[random(texts.count)]
        let tag: UInt8 = text.count >= 15 && !text.contains(".") ? 0x18 : 0x17
        let slot = random(2)
        edited =
          tbs.replacing([4, slot][...]) { _ in .primitive(tag: tag, content: Array(text.utf8)) }
          ?? tbs
        label = "validity \(slot == 0 ? "notBefore" : "notAfter") \(text)"
      case 6:
        let oids: [[UInt8]] = [
          [0x2A, 0x03], [0x55, 0x1D, 0x25], [0x55, 0x1D, 0x11], [0x55, 0x1D, 0x20],
          [0x55, 0x1D, 0x1E], [0x2B, 0x06, 0x01, 0x05, 0x05, 0x07, 0x01, 0x01],
        ]
        let oid = oids[random(oids.count)]
        let values: [[UInt8]] = [
          [0x05, 0x00], [0x30, 0x00], [0x30, 0x03, 0x06, 0x01, 0x2A], [0x04, 0x00], [0xFF], [],
        ]
        var parts: [DERTree] = [.primitive(tag: 0x06, content: oid)]
        if random(2) == 0 { parts.append(.primitive(tag: 0x01, content: [0xFF])) }
        parts.append(.primitive(tag: 0x04, content: values[random(values.count)]))
        edited = withExtensions(extensionList + [.constructed(tag: 0x30, children: parts)]) ?? tbs
        label = "extension \(oid) added"
      case 7:
        let version = [0, 1, 3, 2][random(4)]
        edited =
          tbs.replacing([0][...]) { _ in
            .constructed(tag: 0xA0, children: [.primitive(tag: 0x02, content: [UInt8(version)])])
          } ?? tbs
        label = "version \(version)"
      case 8:
        let algorithms: [[UInt8]] = [
          [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x02],
          [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x03],
          [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x04, 0x03, 0x04],
        ]
        var parts: [DERTree] = [.primitive(tag: 0x06, content: algorithms[random(3)])]
        if random(3) == 0 { parts.append(.primitive(tag: 0x05, content: [])) }
        edited = tbs.replacing([2][...]) { _ in .constructed(tag: 0x30, children: parts) } ?? tbs
        label = "inner signature algorithm changed"
      case 9:
        // A name changed: one value's case or string type, or the name emptied.
        let slot = [3, 5][random(2)]
        edited =
          tbs.replacing([slot][...]) { name in
            switch random(3) {
            case 0: return .constructed(tag: 0x30, children: [])
            default:
              guard case .constructed(_, var sets) = name, !sets.isEmpty else { return name }
              let index = random(sets.count)
              guard let pair = sets[index].children.first, pair.children.count == 2,
                case .primitive(let tag, let value) = pair.children[1]
              else { return name }
              let newValue: DERTree =
                random(2) == 0
                ? .primitive(tag: tag == 0x0C ? 0x13 : 0x0C, content: value)
                : .primitive(
                  tag: tag, content: value.map { $0 >= 0x61 && $0 <= 0x7A ? $0 - 32 : $0 })
              sets[index] = .constructed(
                tag: 0x31,
                children: [.constructed(tag: 0x30, children: [pair.children[0], newValue])])
              return .constructed(tag: 0x30, children: sets)
            }
          } ?? tbs
        label = "the \(slot == 3 ? "issuer" : "subject") name changed"
      case 10, 11:
        // Basic constraints or key usage replaced.
        let isBasic = random(2) == 0
        let oid: [UInt8] = isBasic ? [0x55, 0x1D, 0x13] : [0x55, 0x1D, 0x0F]
        let basics: [[UInt8]] = [
          [0x30, 0x00], [0x30, 0x03, 0x01, 0x01, 0xFF], [0x30, 0x03, 0x01, 0x01, 0x00],
          [0x30, 0x06, 0x01, 0x01, 0xFF, 0x02, 0x01, 0x00],
          [0x30, 0x06, 0x01, 0x01, 0xFF, 0x02, 0x01, 0xFF], [0x30, 0x03, 0x02, 0x01, 0x01],
          [0x30, 0x0E, 0x01, 0x01, 0xFF, 0x02, 0x09, 0x01] + [UInt8](repeating: 0, count: 8),
          [0x30, 0x03, 0x01, 0x01, 0x01],
        ]
        let usages: [[UInt8]] = [
          [0x03, 0x02, 0x07, 0x80], [0x03, 0x02, 0x01, 0x06], [0x03, 0x02, 0x02, 0x04],
          [0x03, 0x01, 0x00], [0x03, 0x02, 0x00, 0x86], [0x03, 0x03, 0x07, 0x80, 0x00],
          [0x03, 0x02, 0x05, 0xA0], [0x03, 0x02, 0x01, 0x02],
        ]
        let value = isBasic ? basics[random(basics.count)] : usages[random(usages.count)]
        var list = extensionList.filter { $0.children.first != .primitive(tag: 0x06, content: oid) }
        if random(4) != 0 {
          var parts: [DERTree] = [.primitive(tag: 0x06, content: oid)]
          if random(3) != 0 { parts.append(.primitive(tag: 0x01, content: [0xFF])) }
          parts.append(.primitive(tag: 0x04, content: value))
          list.insert(.constructed(tag: 0x30, children: parts), at: random(list.count + 1))
        }
        edited = withExtensions(list) ?? tbs
        label = "\(isBasic ? "basic constraints" : "key usage") set to \(value)"
      case 12:
        // Key identifiers dropped or changed.
        let targets: [[UInt8]] = [[0x55, 0x1D, 0x0E], [0x55, 0x1D, 0x23]]
        let oid = targets[random(2)]
        var list = extensionList
        if let index = list.firstIndex(where: {
          $0.children.first == .primitive(tag: 0x06, content: oid)
        }) {
          if random(2) == 0 {
            list.remove(at: index)
          } else {
            let value: [UInt8] =
              oid == targets[0] ? [0x04, 0x02, 0x01, 0x02] : [0x30, 0x04, 0x80, 0x02, 0x01, 0x02]
            list[index] = .constructed(
              tag: 0x30,
              children: [
                .primitive(tag: 0x06, content: oid), .primitive(tag: 0x04, content: value),
              ])
          }
        }
        edited = withExtensions(list) ?? tbs
        label = "key identifier \(oid) dropped or changed"
      case 13:
        // Another key: another curve's OID, a compressed point, an explicit curve.
        edited =
          tbs.replacing([6][...]) { spki in
            guard spki.children.count == 2, case .primitive(_, let bits) = spki.children[1] else {
              return spki
            }
            let curves: [[UInt8]] = [
              [0x2B, 0x81, 0x04, 0x00, 0x23], [0x2B, 0x81, 0x04, 0x00, 0x22],
              [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x03, 0x01, 0x07],
              [0x2B, 0x24, 0x03, 0x03, 0x02, 0x08, 0x01, 0x01, 0x07],
            ]
            switch random(3) {
            case 0:
              return .constructed(
                tag: 0x30,
                children: [
                  .constructed(
                    tag: 0x30,
                    children: [
                      .primitive(tag: 0x06, content: [0x2A, 0x86, 0x48, 0xCE, 0x3D, 0x02, 0x01]),
                      .primitive(tag: 0x06, content: curves[random(curves.count)]),
                    ]),
                  spki.children[1],
                ])
            case 1:
              guard bits.count > 2 else { return spki }
              let half = (bits.count - 2) / 2
              let compressed = [0, 0x02 | (bits.last.map { $0 & 1 } ?? 0)] + bits[2..<(2 + half)]
              return .constructed(
                tag: 0x30,
                children: [spki.children[0], .primitive(tag: 0x03, content: Array(compressed))])
            default:
              return .constructed(
                tag: 0x30,
                children: [
                  spki.children[0], .primitive(tag: 0x03, content: Array(bits.dropLast())),
                ])
            }
          } ?? tbs
        label = "the subject key changed"
      case 14:
        // A length inside the signed part in a longer form than DER's.
        let paths = tbs.paths().filter { !$0.isEmpty }
        let path = paths[random(paths.count)]
        bytes = tbs.encoded(longLength: path)
        label = "tbs length not minimal at \(path)"
      default:
        // An absurd length inside the signed part.
        var raw = tbs.encoded()
        let position = 2 + random(max(1, raw.count - 2))
        let lengths: [[UInt8]] = [
          [0x84, 0xFF, 0xFF, 0xFF, 0xFF], [0x83, 0x7F, 0xFF, 0xFF], [0x80], [0xFF],
        ]
        let length = lengths[random(lengths.count)]
        raw.replaceSubrange(position..<min(raw.count, position + 1), with: length)
        bytes = raw
        label = "absurd length \(length) at \(position)"
      }
      let signed = bytes ?? edited.encoded()
      guard let resigned = try? CertificateSigning.certificate(tbs: signed, signedBy: key) else {
        return "\(which): could not sign"
      }
      certificate = resigned
      return "\(which): \(label), signed again"
    }
  }
#endif
