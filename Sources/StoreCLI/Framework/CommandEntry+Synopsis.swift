/// The synopsis that opens a command's help, made from the command's declarations.
extension CommandEntry {
  /// The width the synopsis wraps at.
  package static let synopsisWidth = 90

  /// `USAGE:`, then a line for each of the command's ``positionals``: the tool's name, the
  /// command's, the positionals, the options of its table that the line shows
  /// (``OptionSpec/line``, ``OptionSpec/placement``) and the global options the command lists.
  ///
  /// A line longer than ``synopsisWidth`` wraps; what follows continues under the first word
  /// after the command's name.
  package var synopsis: String {
    let head = "USAGE: "
    let command = StoreCLI.toolName + " " + name
    let hanging = String(repeating: " ", count: head.count + command.count + 1)
    var rows: [String] = []
    for index in positionals.indices {
      let start = (index == 0 ? head : String(repeating: " ", count: head.count)) + command
      var row = start
      for term in synopsisTerms(ofLine: index) {
        if row != start && row.count + 1 + term.count > Self.synopsisWidth {
          rows.append(row)
          row = hanging + term
        } else {
          row += " " + term
        }
      }
      rows.append(row)
    }
    return rows.joined(separator: "\n")
  }

  /// The words of the synopsis line at `index` of ``positionals`` after the command's name: the
  /// positionals, each option of the table that the line shows with the options that go with it
  /// (`[--promo-offer ID [--jws] | --win-back ID]`), then the global options.
  private func synopsisTerms(ofLine index: Int) -> [String] {
    let shown = options.filter { option in
      switch option.placement {
      case .optional, .required:
        positionals.firstIndex(of: option.line ?? positionals[0]) == index
      case .within, .alternative:
        false
      }
    }
    let words = positionals[index].split(separator: " ").map(String.init)
    return words + shown.map(group) + globalOptions.map { "[" + phrase($0) + "]" }
  }

  /// `option` and its alternatives, in brackets unless the line needs it.
  private func group(_ option: OptionSpec) -> String {
    let alternatives = options.filter { $0.placement == .alternative(to: option.name) }
    let text = ([option] + alternatives).map(phrase).joined(separator: " | ")
    return option.placement == .required ? text : "[" + text + "]"
  }

  /// `option` with the options that go with it only, each in brackets: `--promo-offer ID [--jws]`;
  /// `--root CERT ...` for one that repeats.
  private func phrase(_ option: OptionSpec) -> String {
    let label = option.kind == .repeated ? option.label + " ..." : option.label
    let within = options.filter { $0.placement == .within(option.name) }
    return ([label] + within.map { "[" + phrase($0) + "]" }).joined(separator: " ")
  }
}
