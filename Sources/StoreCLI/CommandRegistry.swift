/// Every command of the tool, in the order `--help` lists them.
enum CommandRegistry {
  static let all: [any CLICommand.Type] = [
    HelpCommand.self,
    ProductsCommand.self,
    CatalogCommand.self,
    VerifyCommand.self, DecodeCommand.self,
    ResetCommand.self, StatusCommand.self, HistoryCommand.self, BuyCommand.self,
    RestoreCommand.self, CancelRenewalCommand.self, RefundCommand.self, AdvanceCommand.self,
    AskToBuyCommand.self, ApproveCommand.self, DeclineCommand.self, BillingIssueCommand.self,
    GracePeriodCommand.self, FamilyShareCommand.self, FamilyUnshareCommand.self,
    FailCommand.self, DeviceTimingCommand.self,
    LaunchCommand.self,
    OnboardingCommand.self,
    PaywallCommand.self,
    SaveTripCommand.self,
    ExportPDFCommand.self,
    ProgressCommand.self,
    SettingsCommand.self,
    ChecklistCommand.self,
    DemoCommand.self,
  ]

  /// The command named `name`.
  static func command(named name: String) -> (any CLICommand.Type)? {
    all.first { $0.name == name }
  }
}
