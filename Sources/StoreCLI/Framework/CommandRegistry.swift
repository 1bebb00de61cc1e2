import LocalAppStore

/// Every command of the tool, in the order `--help` lists them.
package enum CommandRegistry {
  package static let all: [CommandEntry] =
    [
      .init(HelpCommand.self), .init(DemoCommand.self),
      .init(ProductsCommand.self),
      .init(ResetCommand.self), .init(StatusCommand.self), .init(HistoryCommand.self),
      .init(BuyCommand.self), .init(BuyProductCommand.self), .init(RestoreCommand.self),
      .init(ClearTransactionsCommand.self), .init(DeleteTransactionCommand.self),
      .init(ResetToDefaultCommand.self), .init(StorefrontCommand.self),
      .init(LocaleCommand.self),
      .init(SetPriceCommand.self),
      .init(RefundCommand.self), .init(DeclineRefundCommand.self), .init(ReverseRefundCommand.self),
      .init(AdvanceCommand.self), .init(TimeRateCommand.self),
      .init(CancelRenewalCommand.self),
      AutoRenewCommand.entry(on: true), AutoRenewCommand.entry(on: false),
      .init(ExpireCommand.self), .init(ForceRenewalCommand.self),
      SwitchCommand.entry(.billingIssues), SwitchCommand.entry(.gracePeriod),
      .init(ResolveIssueCommand.self),
      .init(PriceConsentCommand.self), .init(ExtendRenewalCommand.self),
      .init(OfferSignatureCommand.self), .init(RedeemOfferCodeCommand.self),
      .init(WinBackRulesCommand.self),
      SwitchCommand.entry(.askToBuy), .init(ApproveCommand.self), .init(DeclineCommand.self),
      .init(FamilyShareCommand.self), .init(FamilyUnshareCommand.self),
      .init(FailCommand.self), .init(SimulateErrorCommand.self), .init(DeviceTimingCommand.self),
    ] + SwitchCommand.entries(after: [.askToBuy, .billingIssues, .gracePeriod]) + [
      .init(NotificationsCommand.self),
      .init(ServeCommand.self), .init(APIKeyCommand.self), .init(APIFaultCommand.self),
      .init(LaunchCommand.self), .init(OnboardingCommand.self), .init(PaywallCommand.self),
      .init(SaveTripCommand.self), .init(ExportPDFCommand.self), .init(ProgressCommand.self),
      .init(SettingsCommand.self),
      .init(CatalogCommand.self), .init(VerifyCommand.self), .init(DecodeCommand.self),
      .init(ChecklistCommand.self),
    ]

  /// The commands of `topic`, in the registry's order.
  package static func commands(in topic: CommandTopic) -> [CommandEntry] {
    all.filter { $0.topic == topic }
  }

  /// The command named `name`.
  static func command(named name: String) -> CommandEntry? {
    all.first { $0.name == name }
  }
}

/// A command as the tool runs it: a ``CLICommand`` type, or a command made from a table (the
/// switch commands, from ``EmulatorSwitch/all``) or a pair (`enable-` and `disable-auto-renew`).
package struct CommandEntry: Sendable {
  /// The word that selects the command.
  package let name: String
  /// One line for the tool's `--help`.
  let summary: String
  /// The heading `--help` lists it under.
  package let topic: CommandTopic
  /// Whether the command may change the state of `--state` (``CommandTraits/changesState``).
  package let changesState: Bool
  /// Whether the tool posts due notifications after a run with these arguments
  /// (``CLICommand/postsNotifications(after:)``).
  package let postsNotifications: @Sendable (ParsedArguments) -> Bool
  /// The positionals of each line of the command's synopsis (``CLICommand/positionals``).
  package let positionals: [String]
  /// The command's own options.
  package let options: [OptionSpec]
  /// The global options the command's help lists (``CLICommand/globalOptions``).
  package let globalOptions: [OptionSpec]
  /// The command's help after its synopsis (``CLICommand/details``).
  package let details: String
  let run: @Sendable (ParsedArguments, CommandContext) async throws(CLIError) -> Void

  /// The command's full help: its ``synopsis``, then its ``details``.
  package var usage: String { synopsis + "\n\n" + details }

  /// The entry of a command type.
  init(_ command: any CLICommand.Type) {
    self.init(
      name: command.name, summary: command.summary, topic: command.traits.topic,
      changesState: command.traits.changesState, positionals: command.positionals,
      options: command.options, globalOptions: command.globalOptions, details: command.details,
      postsNotifications: command.postsNotifications(after:), run: command.run)
  }

  /// An entry made of its parts.
  ///
  /// Without `postsNotifications`, a command that `changesState` posts due notifications
  /// after every run, and another never does.
  package init(
    name: String, summary: String, topic: CommandTopic, changesState: Bool,
    positionals: [String] = [""], options: [OptionSpec] = [],
    globalOptions: [OptionSpec] = EmulatorOptions.global(perAccount: false), details: String,
    postsNotifications: (@Sendable (ParsedArguments) -> Bool)? = nil,
    run: @escaping @Sendable (ParsedArguments, CommandContext) async throws(CLIError) -> Void
  ) {
    self.name = name
    self.summary = summary
    self.topic = topic
    self.changesState = changesState
    self.postsNotifications = postsNotifications ?? { _ in changesState }
    self.positionals = positionals
    self.options = options
    self.globalOptions = globalOptions
    self.details = details
    self.run = run
  }
}
