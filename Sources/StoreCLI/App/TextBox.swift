/// A screen drawn as a box of text: a titled frame, lines left-aligned, centred or split in two
/// columns, paragraphs wrapped to the width, and rules between parts.
///
/// Widths count characters (grapheme clusters): the screens use only characters one column wide
/// in a terminal (box drawing, `●`, `○`, `✓`, `★`, `×`), never emoji.
struct TextBox {
  /// The width of every box, frame included: fits an 80-column terminal.
  static let width = 70
  /// The width of the content, between `│ ` and ` │`.
  static let innerWidth = width - 4

  private enum Line {
    case text(String)
    case rule
  }

  private let title: String
  private let trailer: String?
  private var lines: [Line] = []

  /// A box titled `title` on its top border, with `trailer` at the border's right end.
  init(_ title: String, trailer: String? = nil) {
    self.title = title
    self.trailer = trailer
  }

  /// An empty line.
  mutating func blank() { lines.append(.text("")) }

  /// A horizontal rule across the box.
  mutating func rule() { lines.append(.rule) }

  /// `text` wrapped to the width, every line starting `indent` columns in; `hanging` more
  /// columns for the lines after the first.
  mutating func text(_ text: String, indent: Int = 0, hanging: Int = 0) {
    let first = String(repeating: " ", count: indent)
    let rest = String(repeating: " ", count: indent + hanging)
    for (index, line) in Self.wrap(text, width: Self.innerWidth - indent - hanging).enumerated() {
      lines.append(.text((index == 0 ? first : rest) + line))
    }
  }

  /// `text` centred, wrapped to the width when it does not fit (spaces inside it kept otherwise).
  mutating func centered(_ text: String) {
    let fitted =
      text.count <= Self.innerWidth - 4 ? [text] : Self.wrap(text, width: Self.innerWidth - 4)
    for line in fitted {
      let padding = (Self.innerWidth - line.count) / 2
      lines.append(.text(String(repeating: " ", count: padding) + line))
    }
  }

  /// `left` at the left edge and `right` at the right edge of one line; on two lines when
  /// they do not fit together.
  mutating func columns(_ left: String, _ right: String, indent: Int = 0) {
    let prefix = String(repeating: " ", count: indent)
    let gap = Self.innerWidth - indent - left.count - right.count
    if gap >= 1 {
      lines.append(.text(prefix + left + String(repeating: " ", count: gap) + right))
    } else {
      text(left, indent: indent)
      lines.append(
        .text(String(repeating: " ", count: max(0, Self.innerWidth - right.count)) + right))
    }
  }

  /// The box's lines.
  func rendered() -> [String] {
    let horizontal = Self.innerWidth + 2
    var top = "─ \(title) "
    let end = trailer.map { " \($0) ─" } ?? ""
    top += String(repeating: "─", count: max(1, horizontal - top.count - end.count)) + end
    var output = ["╭" + top + "╮"]
    for line in lines {
      switch line {
      case .rule:
        output.append("├" + String(repeating: "─", count: horizontal) + "┤")
      case .text(let text):
        let padding = String(repeating: " ", count: max(0, Self.innerWidth - text.count))
        output.append("│ " + text + padding + " │")
      }
    }
    output.append("╰" + String(repeating: "─", count: horizontal) + "╯")
    return output
  }

  /// `text` broken into lines of at most `width` characters at spaces; a word longer than the
  /// width is cut.
  static func wrap(_ text: String, width: Int) -> [String] {
    let width = max(1, width)
    var lines: [String] = []
    var current = ""
    for word in text.split(separator: " ", omittingEmptySubsequences: true) {
      var word = String(word)
      while word.count > width {
        if !current.isEmpty {
          lines.append(current)
          current = ""
        }
        lines.append(String(word.prefix(width)))
        word = String(word.dropFirst(width))
      }
      if current.isEmpty {
        current = word
      } else if current.count + 1 + word.count <= width {
        current += " " + word
      } else {
        lines.append(current)
        current = word
      }
    }
    if !current.isEmpty || lines.isEmpty { lines.append(current) }
    return lines
  }
}

extension String {
  /// The string padded with spaces on the right to `width` characters.
  func paddedRight(to width: Int) -> String {
    self + String(repeating: " ", count: max(0, width - count))
  }

  /// The string padded with spaces on the left to `width` characters.
  func paddedLeft(to width: Int) -> String {
    String(repeating: " ", count: max(0, width - count)) + self
  }
}
