import Foundation
import StoreCLI
import Testing

@Suite struct CLIFrameworkTests {
  @Test("the tool's help lists every command and exits 0")
  func toolHelp() async {
    let context = CommandContext.capturing()
    let code = await StoreCLI.run(["--help"], context: context)
    #expect(code == 0)
    #expect(context.capturedOutput.hasPrefix("USAGE: sportstime-store COMMAND [OPTIONS]"))
    for command in CommandRegistry.all {
      #expect(context.capturedOutput.contains("  \(command.name) "))
    }
  }

  @Test("no arguments print the help on stderr and exit 2")
  func noArguments() async {
    let context = CommandContext.capturing()
    #expect(await StoreCLI.run([], context: context) == 2)
    #expect(context.capturedOutput.isEmpty)
    #expect(context.capturedErrors.contains("THE STORE:"))
  }

  @Test("the tool's help lists each command under its topic's heading, the topics in order")
  func helpTopics() async throws {
    let context = CommandContext.capturing()
    #expect(await StoreCLI.run(["--help"], context: context) == 0)
    let lines = context.capturedOutput.split(separator: "\n", omittingEmptySubsequences: false)
    let headings = CommandTopic.allCases.map { $0.heading + ":" }
    let positions = try headings.map { heading in
      try #require(lines.firstIndex { $0 == heading }, "no heading \(heading)")
    }
    #expect(positions == positions.sorted())
    for command in CommandRegistry.all {
      let line = try #require(lines.firstIndex { $0.hasPrefix("  \(command.name) ") })
      let heading = try #require(positions.last { $0 < line })
      #expect(
        lines[heading] == "\(command.topic.heading):", "\(command.name) under \(lines[heading])")
    }
  }

  @Test("each command is under the topic a StoreKit developer looks for it in")
  func topicTable() {
    let table: [CommandTopic: [String]] = [
      .start: ["help", "demo"],
      .store: [
        "products", "reset", "status", "history", "buy", "buy-product", "restore",
        "clear-transactions", "delete-transaction", "reset-to-default", "storefront", "locale",
        "set-price",
        "refund", "decline-refund", "reverse-refund", "consumable-history",
      ],
      .time: ["advance", "time-rate"],
      .subscriptions: [
        "cancel-renewal", "enable-auto-renew", "disable-auto-renew", "expire", "force-renewal",
        "billing-issue", "grace-period", "resolve-issue", "price-consent", "extend-renewal",
        "offer-signature", "redeem-offer-code", "win-back-rules", "intro-offer-after-lapse",
      ],
      .askToBuy: ["ask-to-buy", "approve", "decline"],
      .family: ["family-share", "family-unshare"],
      .faults: ["fail", "simulate-error", "device-timing", "interrupted-purchases"],
      .notifications: ["notifications"],
      .server: ["serve", "api-key", "api-fault"],
      .app: ["launch", "onboarding", "paywall", "save-trip", "export-pdf", "progress", "settings"],
      .checks: ["catalog", "verify", "decode", "checklist"],
    ]
    for topic in CommandTopic.allCases {
      #expect(CommandRegistry.commands(in: topic).map(\.name) == table[topic], "\(topic)")
    }
  }

  @Test("an unknown command exits 2 with a one-line reason")
  func unknownCommand() async {
    let context = CommandContext.capturing()
    #expect(await StoreCLI.run(["fly"], context: context) == 2)
    #expect(
      context.capturedErrors
        == "sportstime-store: unknown command 'fly'; see 'sportstime-store --help'\n")
  }

  @Test("an unknown option exits 2 and names the option")
  func unknownOption() async {
    let context = CommandContext.capturing()
    #expect(await StoreCLI.run(["help", "--fast"], context: context) == 2)
    #expect(
      context.capturedErrors
        == "sportstime-store help: unknown option '--fast'; see 'sportstime-store help --help'\n")
  }

  @Test("every command has help of its own")
  func commandHelp() async {
    for command in CommandRegistry.all {
      let context = CommandContext.capturing()
      #expect(await StoreCLI.run([command.name, "--help"], context: context) == 0)
      #expect(context.capturedOutput.hasPrefix("USAGE: sportstime-store \(command.name)"))
    }
  }

  @Test("options parse before and after positionals, inline or separate")
  func parsing() throws {
    let specs = OptionSpec.global + [.value("storekit"), .repeated("root"), .flag("sticky")]
    let parsed = try ParsedArguments.parse(
      ["a", "--storekit=x.storekit", "--root", "r1", "--json", "--root", "r2", "-", "--", "--b"],
      specs: specs)
    #expect(parsed.positionals == ["a", "-", "--b"])
    #expect(parsed.value("storekit") == "x.storekit")
    #expect(parsed.values("root") == ["r1", "r2"])
    #expect(parsed.json)
    #expect(!parsed.flag("sticky"))
  }

  @Test(
    "malformed options are usage errors",
    arguments: [
      (["--storekit"], "option '--storekit' needs a value"),
      (["--sticky=yes"], "option '--sticky' takes no value"),
      (["--storekit", "a", "--storekit", "b"], "option '--storekit' given more than once"),
      (["--nope"], "unknown option '--nope'"),
    ])
  func malformed(arguments: [String], reason: String) {
    #expect(throws: CLIError.usage(reason)) {
      try ParsedArguments.parse(arguments, specs: [.value("storekit"), .flag("sticky")])
    }
  }

  @Test("the state file comes from --state, then the environment, then the default")
  func statePath() throws {
    let folder = URL(fileURLWithPath: "/tmp/project")
    let context = CommandContext.capturing(
      environment: ["SPORTSTIME_STORE_STATE": "env.sqlite"], currentDirectory: folder)
    let specs = OptionSpec.global
    #expect(
      context.statePath(try ParsedArguments.parse(["--state", "/x/s.sqlite"], specs: specs))
        == "/x/s.sqlite")
    #expect(
      context.statePath(try ParsedArguments.parse([], specs: specs)) == "/tmp/project/env.sqlite")
    let bare = CommandContext.capturing(currentDirectory: folder)
    #expect(
      bare.statePath(try ParsedArguments.parse([], specs: specs))
        == "/tmp/project/.sportstime-store/state.sqlite")
  }
}
