#if os(Linux)
  /// A DER element as a tree, for the differential check's edits inside certificates: read
  /// leniently (any definite length), written back in DER with optionally one node's length in
  /// a longer form than DER allows.
  indirect enum DERTree: Sendable, Hashable {
    case primitive(tag: UInt8, content: [UInt8])
    case constructed(tag: UInt8, children: [DERTree])

    var tag: UInt8 {
      switch self {
      case .primitive(let tag, _), .constructed(let tag, _): tag
      }
    }

    var children: [DERTree] {
      if case .constructed(_, let children) = self { return children }
      return []
    }

    /// Reads one element filling `bytes` exactly; `nil` when it is not one.
    static func parse(_ bytes: [UInt8]) -> DERTree? {
      var index = 0
      guard let tree = parse(bytes, &index, depth: 0), index == bytes.count else { return nil }
      return tree
    }

    private static func parse(_ bytes: [UInt8], _ index: inout Int, depth: Int) -> DERTree? {
      guard depth < 40, index + 2 <= bytes.count else { return nil }
      let tag = bytes[index]
      var length = Int(bytes[index + 1])
      index += 2
      if length & 0x80 != 0 {
        let count = length & 0x7F
        guard count >= 1, count <= 3, index + count <= bytes.count else { return nil }
        length = 0
        for _ in 0..<count {
          length = length << 8 | Int(bytes[index])
          index += 1
        }
      }
      guard length <= bytes.count - index else { return nil }
      let end = index + length
      if tag & 0x20 == 0 {
        defer { index = end }
        return .primitive(tag: tag, content: Array(bytes[index..<end]))
      }
      var children: [DERTree] = []
      while index < end {
        guard let child = parse(bytes, &index, depth: depth + 1), index <= end else { return nil }
        children.append(child)
      }
      return .constructed(tag: tag, children: children)
    }

    /// The DER of the tree; the node at `longLength` (a path of child indices) gets a length
    /// one byte longer than DER's.
    func encoded(longLength: [Int]? = nil) -> [UInt8] {
      let content: [UInt8]
      switch self {
      case .primitive(_, let bytes): content = bytes
      case .constructed(_, let children):
        content = children.enumerated().flatMap { index, child in
          child.encoded(
            longLength: longLength.flatMap { $0.first == index ? Array($0.dropFirst()) : nil })
        }
      }
      var output = [tag]
      var digits: [UInt8] = []
      var rest = content.count
      while rest > 0 {
        digits.insert(UInt8(rest & 0xFF), at: 0)
        rest >>= 8
      }
      if longLength == [] {
        output += [0x80 | UInt8(digits.count + 1), 0] + digits
      } else if content.count < 0x80 {
        output.append(UInt8(content.count))
      } else {
        output += [0x80 | UInt8(digits.count)] + digits
      }
      return output + content
    }

    /// The tree with the node at `path` replaced by `body(node)`.
    func replacing(_ path: ArraySlice<Int>, _ body: (DERTree) -> DERTree?) -> DERTree? {
      guard let first = path.first else { return body(self) }
      guard case .constructed(let tag, var children) = self, children.indices.contains(first)
      else { return nil }
      guard let child = children[first].replacing(path.dropFirst(), body) else { return nil }
      children[first] = child
      return .constructed(tag: tag, children: children)
    }

    /// Every path in the tree, depth first.
    func paths(_ prefix: [Int] = []) -> [[Int]] {
      [prefix] + children.enumerated().flatMap { $1.paths(prefix + [$0]) }
    }
  }
#endif
