/// One on/off switch of the local App Store, in the one table that the stored settings, the
/// switch commands of `sportstime-store` and its `status` read.
///
/// A new switch is an entry in ``all`` (its name, state key, `SKTestSession` name and help) and
/// the code that reads it (`settings[.mySwitch]`): the settings store it under its key (states
/// written before it existed read its default), the tool gets a `NAME on|off` command with this
/// help and `status` shows it.
public struct EmulatorSwitch: Sendable, Hashable, Identifiable {
  /// The command that turns it on or off: `ask-to-buy`.
  public let name: String
  /// Its key in the stored settings and in `status --json`'s `settings`: `askToBuyEnabled`.
  package let key: String
  /// The `SKTestSession` member it stands for (`askToBuyEnabled`), or `nil` when it is ours.
  public let sessionName: String?
  /// One line for the tool's `--help`.
  package let summary: String
  /// What on and off do, for the command's help: lines of at most 92 characters.
  package let help: String
  /// Its value in a new state.
  package let defaultValue: Bool

  /// The switch's identity: its name.
  public var id: String { name }

  /// Creates a switch.
  package init(
    name: String, key: String, sessionName: String?, summary: String, help: String,
    defaultValue: Bool = false
  ) {
    self.name = name
    self.key = key
    self.sessionName = sessionName
    self.summary = summary
    self.help = help
    self.defaultValue = defaultValue
  }

  /// Purchases wait for a parent's approval: `SKTestSession.askToBuyEnabled`.
  public static let askToBuy = EmulatorSwitch(
    name: "ask-to-buy", key: "askToBuyEnabled", sessionName: "askToBuyEnabled",
    summary: "Turn Ask to Buy on or off (purchases wait for approval)",
    help: """
      With Ask to Buy on (SKTestSession.askToBuyEnabled), a purchase returns pending and waits
      for 'approve REQUEST_ID' or 'decline REQUEST_ID'.
      """)

  /// Renewals fail and enter billing retry: `SKTestSession.shouldEnterBillingRetryOnRenewal`.
  public static let billingIssues = EmulatorSwitch(
    name: "billing-issue", key: "billingIssuesEnabled",
    sessionName: "shouldEnterBillingRetryOnRenewal",
    summary: "Make renewals fail (billing retry), or stop new failures",
    help: """
      On: each renewal that falls due fails and the subscription enters billing retry
      (SKTestSession.shouldEnterBillingRetryOnRenewal), with a grace period when grace-period is
      on; retry lasts as the time rate says (60 days in real time) and the subscription then
      expires. Off: renewals stop failing; a subscription already in billing retry stays there
      until 'resolve-issue TX' (SKTestSession.resolveIssueForTransaction) recovers it or its
      retry ends. Apple says only that resolving the issue ends it: that turning the switch off
      leaves retries in place is our reading.
      """)

  /// Billing retry starts with a grace period: `SKTestSession.billingGracePeriodIsEnabled`.
  public static let gracePeriod = EmulatorSwitch(
    name: "grace-period", key: "gracePeriodEnabled", sessionName: "billingGracePeriodIsEnabled",
    summary: "Grant a billing grace period (16 days, 6 for weekly) or not",
    help: """
      On (SKTestSession.billingGracePeriodIsEnabled), billing retry starts with a grace period
      during which the customer keeps access: 16 days, 6 for weekly subscriptions, in real
      time; at other time rates, as Apple's table for the rate says (2 s at two-second
      renewals, whatever the period).
      """)

  /// Introductory offers follow Apple's article rather than Apple staff: a customer who
  /// subscribed without one stays eligible. Ours: StoreKitTest has no such switch.
  public static let introOfferAfterLapse = EmulatorSwitch(
    name: "intro-offer-after-lapse", key: "introOfferAfterLapseEnabled", sessionName: nil,
    summary: "Keep customers who never had an intro offer eligible after a lapse, or not",
    help: """
      Off (the default), only a customer who never subscribed to the group is eligible for its
      introductory offer, as Apple staff answer on developer forum thread 758078. On, a
      customer is eligible until they have received an introductory offer in the group, as
      Apple's article on introductory offers puts it. Family-shared copies count for neither.
      """)

  /// Purchases are interrupted (the customer must act, as for new terms) and complete later:
  /// `SKTestSession.interruptedPurchasesEnabled`.
  ///
  /// A purchase then returns `.pending`, not a thrown error. Apple's property page says it
  /// "causes all purchases to fail until you disable it", words carried over from StoreKit 1,
  /// where an interrupted payment failed and was retried. Measured with StoreKit 2
  /// (Kosikowski/swift-storekit, `docs/06-simulated-store.md`, its table of the real store's
  /// habits, and `docs/10-decisions.md`, D28): on macOS 26.6 "An interrupted purchase is
  /// pending, and goes through later by itself", while in the iOS 27.0 simulator "`purchase()`
  /// throws — a fault of that simulator" which "the Mac does not have". The store follows the
  /// Mac's measurement and StoreKit 2's `PurchaseResult.pending`: an app that handles pending
  /// is right on both; one that only catches the throw is wrong on the Mac.
  public static let interruptedPurchases = EmulatorSwitch(
    name: "interrupted-purchases", key: "interruptedPurchasesEnabled",
    sessionName: "interruptedPurchasesEnabled",
    summary: "Interrupt purchases until the customer acts (resolve-issue), or not",
    help: """
      On (SKTestSession.interruptedPurchasesEnabled), every purchase is interrupted: it returns
      pending with a request identifier and nothing is bought until 'resolve-issue REQUEST_ID'
      (SKTestSession.resolveIssueForTransaction) stands for the customer's action; the purchase
      then completes and arrives through Transaction.updates. Apple: enabling it "causes all
      purchases to fail until you disable it" (StoreKit 1's words: a failed payment); StoreKit
      2's result for it is Product.PurchaseResult.pending, "The purchase is pending, and
      requires action from the customer. If a pending purchase succeeds, StoreKit delivers the
      resulting Transaction in the transaction updates". Ask to Buy, when on too, takes
      precedence.
      """)

  /// Finished consumables stay in `Transaction.all`: the app's Info.plist key
  /// `SKIncludeConsumableInAppPurchaseHistory` (iOS 18).
  public static let consumableHistory = EmulatorSwitch(
    name: "consumable-history", key: "includeConsumableHistory", sessionName: nil,
    summary: "Keep finished consumables in Transaction.all, or leave them out",
    help: """
      Off (the default), Transaction.all leaves out a consumable once it is finished, unless it
      was refunded or revoked: "When it's false, StoreKit doesn't return finished consumables
      (unless refunded or revoked)" (Apple, SKIncludeConsumableInAppPurchaseHistory). On, as an
      app that sets that Info.plist key to true (iOS 18 and later), they stay. Unfinished
      consumables are always listed; currentEntitlements never lists a consumable.
      """)

  /// Every switch, in the order the tool lists them.
  public static let all: [EmulatorSwitch] = [
    .askToBuy, .billingIssues, .gracePeriod, .introOfferAfterLapse, .interruptedPurchases,
    .consumableHistory,
  ]

  /// The switch named `name`.
  package static func named(_ name: String) -> EmulatorSwitch? { all.first { $0.name == name } }
}
