/// The switches of the local App Store: a `.storekit` file's `settings`, and what
/// StoreKitTest's `SKTestSession` sets at run time.
public struct EmulatorSettings: Sendable, Hashable, Codable {
  /// Purchases wait for a parent's approval (`_askToBuyEnabled`, `SKTestSession.askToBuyEnabled`).
  public var askToBuyEnabled: Bool
  /// Renewals fail and enter billing retry (`_renewalBillingIssuesEnabled`,
  /// `SKTestSession.shouldEnterBillingRetryOnRenewal`). Turning it off recovers every
  /// subscription in billing retry, as `resolveIssueForTransaction(identifier:)` does.
  public var billingIssuesEnabled: Bool
  /// Billing retry starts with a grace period (`_billingGracePeriodEnabled`,
  /// `SKTestSession.billingGracePeriodIsEnabled`).
  public var gracePeriodEnabled: Bool
  /// How fast subscriptions renew (`_timeRate`).
  public var timeRate: TimeRate
  /// The storefront's ISO 3166-1 alpha-3 code (`_storefront`).
  public var storefront: String
  /// The app's bundle identifier, written into every transaction.
  public var bundleID: String
  /// Real StoreKit's lags and empty answers (on by default); ``DeviceTiming/polite`` for a
  /// store that answers at once.
  public var deviceTiming: DeviceTiming

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
    self.askToBuyEnabled = askToBuyEnabled
    self.billingIssuesEnabled = billingIssuesEnabled
    self.gracePeriodEnabled = gracePeriodEnabled
    self.timeRate = timeRate
    self.storefront = storefront
    self.bundleID = bundleID
    self.deviceTiming = deviceTiming
  }

  private enum CodingKeys: String, CodingKey {
    case askToBuyEnabled, billingIssuesEnabled, gracePeriodEnabled, timeRate, storefront
    case bundleID, deviceTiming
  }

  /// Decodes settings; a state written before device timing existed gets ``DeviceTiming/device``.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      askToBuyEnabled: try container.decode(Bool.self, forKey: .askToBuyEnabled),
      billingIssuesEnabled: try container.decode(Bool.self, forKey: .billingIssuesEnabled),
      gracePeriodEnabled: try container.decode(Bool.self, forKey: .gracePeriodEnabled),
      timeRate: try container.decode(TimeRate.self, forKey: .timeRate),
      storefront: try container.decode(String.self, forKey: .storefront),
      bundleID: try container.decode(String.self, forKey: .bundleID),
      deviceTiming: try container.decodeIfPresent(DeviceTiming.self, forKey: .deviceTiming)
        ?? .device)
  }
}
