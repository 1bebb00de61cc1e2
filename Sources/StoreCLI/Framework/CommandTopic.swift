/// The headings under which the tool's `--help` lists its commands, in the order it lists them.
package enum CommandTopic: CaseIterable, Sendable {
  /// `help` and the guided tour.
  case start
  /// The local App Store as the app and StoreKitTest's session see it: products, purchases,
  /// the account's state and history, the storefront, prices, refunds (of any kind of
  /// transaction: `SKTestSession.refundTransaction(identifier:)`), transactions removed.
  case store
  /// The emulator's clock and how fast subscriptions renew.
  case time
  /// What happens to one subscription: renewal off or on, expiry, renewal now, billing,
  /// grace, price increases, extensions.
  case subscriptions
  /// Purchases that wait for a parent's approval.
  case askToBuy
  /// Family Sharing.
  case family
  /// Failures injected on purpose, and real StoreKit's lags.
  case faults
  /// App Store Server Notifications V2.
  case notifications
  /// The App Store Server API on loopback (`serve`), its credentials and faults.
  case server
  /// The app's screens, rendered as text, on the same state.
  case app
  /// Checks of files, signed data and the app as a whole.
  case checks

  /// The heading `--help` prints.
  package var heading: String {
    switch self {
    case .start: "START HERE"
    case .store: "THE STORE"
    case .time: "TIME"
    case .subscriptions: "SUBSCRIPTION CONTROLS"
    case .askToBuy: "ASK TO BUY"
    case .family: "FAMILY"
    case .faults: "FAULTS AND DEVICE TIMING"
    case .notifications: "NOTIFICATIONS"
    case .server: "THE APP STORE SERVER API"
    case .app: "THE APP'S SCREENS"
    case .checks: "CHECKS"
    }
  }
}
