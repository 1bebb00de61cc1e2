import LocalAppStore

/// Every command of the tool, in the order `--help` lists them.
enum CommandRegistry {
  static let all: [CommandEntry] =
    [
      .init(HelpCommand.self),
      .init(ProductsCommand.self),
      .init(CatalogCommand.self),
      .init(VerifyCommand.self), .init(DecodeCommand.self),
      .init(ResetCommand.self), .init(StatusCommand.self), .init(HistoryCommand.self),
      .init(BuyCommand.self), .init(BuyProductCommand.self), .init(RestoreCommand.self),
      .init(CancelRenewalCommand.self),
      .init(RefundCommand.self), .init(DeclineRefundCommand.self), .init(ReverseRefundCommand.self),
      .init(AdvanceCommand.self),
      SwitchCommand.entry(.askToBuy), .init(ApproveCommand.self), .init(DeclineCommand.self),
      SwitchCommand.entry(.billingIssues), SwitchCommand.entry(.gracePeriod),
    ] + SwitchCommand.entries(after: [.askToBuy, .billingIssues, .gracePeriod]) + [
      .init(ResolveIssueCommand.self), .init(ExpireCommand.self), .init(ForceRenewalCommand.self),
      AutoRenewCommand.entry(on: true), AutoRenewCommand.entry(on: false),
      .init(ClearTransactionsCommand.self), .init(DeleteTransactionCommand.self),
      .init(ResetToDefaultCommand.self), .init(TimeRateCommand.self), .init(StorefrontCommand.self),
      .init(SetPriceCommand.self), .init(PriceConsentCommand.self),
      .init(ExtendRenewalCommand.self),
      .init(FamilyShareCommand.self), .init(FamilyUnshareCommand.self),
      .init(FailCommand.self), .init(SimulateErrorCommand.self), .init(DeviceTimingCommand.self),
      .init(NotificationsCommand.self),
      .init(LaunchCommand.self),
      .init(OnboardingCommand.self),
      .init(PaywallCommand.self),
      .init(SaveTripCommand.self),
      .init(ExportPDFCommand.self),
      .init(ProgressCommand.self),
      .init(SettingsCommand.self),
      .init(ChecklistCommand.self),
      .init(DemoCommand.self),
    ]

  /// The command named `name`.
  static func command(named name: String) -> CommandEntry? {
    all.first { $0.name == name }
  }
}

/// A command as the tool runs it: a ``CLICommand`` type, or a command made from a table (the
/// switch commands, from ``EmulatorSwitch/all``) or a pair (`enable-` and `disable-auto-renew`).
struct CommandEntry: Sendable {
  /// The word that selects the command.
  let name: String
  /// One line for the tool's `--help`.
  let summary: String
  /// The command's full help.
  let usage: String
  /// The command's own options.
  let options: [OptionSpec]
  /// Runs the command.
  let run: @Sendable (ParsedArguments, CommandContext) async throws(CLIError) -> Void

  /// The entry of a command type.
  init(_ command: any CLICommand.Type) {
    self.init(
      name: command.name, summary: command.summary, usage: command.usage,
      options: command.options, run: command.run)
  }

  /// An entry made of its parts.
  init(
    name: String, summary: String, usage: String, options: [OptionSpec] = [],
    run: @escaping @Sendable (ParsedArguments, CommandContext) async throws(CLIError) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.usage = usage
    self.options = options
    self.run = run
  }
}
