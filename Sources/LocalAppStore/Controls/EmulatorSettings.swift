import StoreInternals
public import StoreModel

/// The switches of the local App Store: a `.storekit` file's `settings`, and what
/// StoreKitTest's `SKTestSession` sets at run time.
///
/// The on/off switches are the entries of ``EmulatorSwitch/all``, read with
/// `settings[.askToBuy]`; they are stored under their keys, so that a state written before a
/// switch existed reads its default.
public struct EmulatorSettings: Sendable, Hashable, Codable {
  /// Each switch's value, by ``EmulatorSwitch/key``: every switch of ``EmulatorSwitch/all`` is
  /// set (to its default unless given), so that equal settings compare equal.
  private var switches: [String: Bool] = [:]
  /// How fast subscriptions renew (`_timeRate`).
  public var timeRate: TimeRate
  /// The storefront's ISO 3166-1 alpha-3 code (`_storefront`).
  public var storefront: String
  /// The locale whose localization of each product's name and description the store shows
  /// (`SKTestSession.locale`: "The value that determines the localization metadata the test
  /// environment uses"); `nil` shows the `.storekit` file's own choice. Prices are not touched.
  public var locale: String?
  /// The app's bundle identifier, written into every transaction.
  public var bundleID: String
  /// Real StoreKit's lags and empty answers (on by default); ``DeviceTiming/polite`` for a
  /// store that answers at once.
  public var deviceTiming: DeviceTiming
  /// The environment of everything the store signs: transactions, renewal info and server
  /// notifications (`AppStoreEnvironment/xcode` by default, as StoreKit Testing in Xcode;
  /// `AppStoreEnvironment/sandbox` or `AppStoreEnvironment/production` for a server under
  /// test that verifies fully: Apple's libraries skip the signature checks of Xcode data).
  public var environment: AppStoreEnvironment = .xcode
  /// The app's Apple ID (`appAppleId`), which Production notifications carry and Apple's
  /// verifiers check there; `nil` elsewhere.
  public var appAppleID: UInt64?

  /// Creates settings; every switch is off by default, in real time, in the US storefront,
  /// with a device's timing.
  public init(
    askToBuyEnabled: Bool = false,
    billingIssuesEnabled: Bool = false,
    gracePeriodEnabled: Bool = false,
    timeRate: TimeRate = .realTime,
    storefront: String = "USA",
    bundleID: String = "com.sportstime.app",
    deviceTiming: DeviceTiming = .device
  ) {
    self.timeRate = timeRate
    self.storefront = storefront
    self.bundleID = bundleID
    self.deviceTiming = deviceTiming
    for emulatorSwitch in EmulatorSwitch.all { self[emulatorSwitch] = emulatorSwitch.defaultValue }
    self[.askToBuy] = askToBuyEnabled
    self[.billingIssues] = billingIssuesEnabled
    self[.gracePeriod] = gracePeriodEnabled
  }

  /// Whether `emulatorSwitch` is on; a switch never set is at its `defaultValue`.
  public subscript(emulatorSwitch: EmulatorSwitch) -> Bool {
    get { switches[emulatorSwitch.key] ?? emulatorSwitch.defaultValue }
    set { switches[emulatorSwitch.key] = newValue }
  }

  /// Purchases wait for a parent's approval (`_askToBuyEnabled`, `SKTestSession.askToBuyEnabled`).
  package var askToBuyEnabled: Bool {
    get { self[.askToBuy] }
    set { self[.askToBuy] = newValue }
  }
  /// Renewals fail and enter billing retry (`_renewalBillingIssuesEnabled`,
  /// `SKTestSession.shouldEnterBillingRetryOnRenewal`). Turning it off stops new failures; a
  /// subscription already in billing retry stays there until its issue is resolved
  /// (`resolveIssueForTransaction(identifier:)`) or its retry ends.
  package var billingIssuesEnabled: Bool {
    get { self[.billingIssues] }
    set { self[.billingIssues] = newValue }
  }
  /// Billing retry starts with a grace period (`_billingGracePeriodEnabled`,
  /// `SKTestSession.billingGracePeriodIsEnabled`).
  package var gracePeriodEnabled: Bool {
    get { self[.gracePeriod] }
    set { self[.gracePeriod] = newValue }
  }

  // MARK: - Codable: one key per switch, beside the other settings

  private typealias Key = StringCodingKey

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Key.self)
    timeRate = try container.decode(TimeRate.self, forKey: Key("timeRate"))
    storefront = try container.decode(String.self, forKey: Key("storefront"))
    bundleID = try container.decode(String.self, forKey: Key("bundleID"))
    // A state written before device timing existed gets a device's timing.
    deviceTiming =
      try container.decodeIfPresent(DeviceTiming.self, forKey: Key("deviceTiming")) ?? .device
    // A state written before the signing environment was kept signs as Xcode.
    environment =
      try container.decodeIfPresent(AppStoreEnvironment.self, forKey: Key("environment"))
      ?? .xcode
    appAppleID = try container.decodeIfPresent(UInt64.self, forKey: Key("appAppleID"))
    // A state written before the locale was kept shows the file's localization.
    locale = try container.decodeIfPresent(String.self, forKey: Key("locale"))
    for emulatorSwitch in EmulatorSwitch.all {
      self[emulatorSwitch] =
        try container.decodeIfPresent(Bool.self, forKey: Key(emulatorSwitch.key))
        ?? emulatorSwitch.defaultValue
    }
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: Key.self)
    try container.encode(timeRate, forKey: Key("timeRate"))
    try container.encode(storefront, forKey: Key("storefront"))
    try container.encode(bundleID, forKey: Key("bundleID"))
    try container.encode(deviceTiming, forKey: Key("deviceTiming"))
    try container.encode(environment, forKey: Key("environment"))
    try container.encodeIfPresent(appAppleID, forKey: Key("appAppleID"))
    try container.encodeIfPresent(locale, forKey: Key("locale"))
    for emulatorSwitch in EmulatorSwitch.all {
      try container.encode(self[emulatorSwitch], forKey: Key(emulatorSwitch.key))
    }
  }
}
