import Foundation

/// Command lines of `sportstime-store`, as `fuzz-cli` reads them: arguments joined by NUL.
enum CLISeeds {
  static let commandLines: [[String]] = [
    ["--help"], ["--version"], ["help", "buy"], ["products"], ["products", "--json"],
    ["products", "--storekit", "sportstime.storekit", "--json"],
    ["catalog", "check", "sportstime.storekit"],
    ["catalog", "check", "sportstime.storekit", "--json"],
    ["reset", "--date", "2026-02-01T00:00:00Z", "--json"],
    ["reset", "--storekit=sportstime.storekit", "--state", "other.sqlite"],
    ["status"], ["status", "--json"], ["status", "--account", "kid", "--json"],
    ["history", "--json"], ["buy", "com.sportstime.pro.annual"],
    ["buy", "com.sportstime.pro.monthly", "--account", "kid", "--json"], ["restore", "--json"],
    ["cancel-renewal"], ["refund", "1", "--json"], ["refund", "2"], ["advance", "1d"],
    ["advance", "P1M", "--json"], ["advance", "2w"], ["advance", "PT12H"],
    ["ask-to-buy", "on"], ["approve", "5"], ["decline", "5", "--json"],
    ["billing-issue", "on", "--json"], ["grace-period", "off"], ["family-share", "sam"],
    ["family-unshare", "kid", "--json"], ["fail", "purchase", "--sticky"], ["fail", "clear"],
    ["status", "--state=missing.sqlite"], ["buy", "--", "--json"], ["launch"], ["paywall"],
    ["onboarding", "--json"], ["save-trip", "Road trip"], ["export-pdf", "1"], ["progress"],
    ["settings", "--json"], ["verify", "-"], ["decode", "-"],
  ]

  static func write(to folder: URL) throws -> Int {
    for (index, line) in commandLines.enumerated() {
      let bytes = Array(line.joined(separator: "\0").utf8)
      try Data(bytes).write(to: folder.appendingPathComponent(String(format: "cli-%03d", index)))
    }
    return commandLines.count
  }
}
