/// Whether the local App Store keeps a device's timing: real StoreKit's lags and empty answers,
/// so that an app layer tested here meets what paying customers meet.
///
/// Measured on real StoreKit (Xcode's StoreKit test environment, macOS 26.6 and the iOS 27.0
/// simulator, by the public package Kosikowski/swift-storekit, whose decisions in
/// `docs/10-decisions.md` are cited below as "swift-storekit's D<n>"), and
/// echoed by fixes in other SDKs (qonversion/qonversion-ios-sdk#737,
/// cloudcaptainai/helium-swift#270) and Apple's developer forums
/// (https://developer.apple.com/forums/thread/697006). With device
/// timing on, the store does the same, deterministically (lags are counted in reads, never in
/// time):
///
/// 1. A purchase made in this launch is missed by the next ``listingLag`` reads through the
///    app-side port (`currentEntitlements`, `products`, `transactionUpdates`,
///    `unfinishedTransactions`), then listed. Real StoreKit on macOS 26.6 lists it about a
///    second after `Product.purchase()` returns (swift-storekit's
///    D3, D28); the iOS 27.0 simulator at once.
/// 2. An approved Ask to Buy arrives on `Transaction.updates` before `currentEntitlements`
///    lists it: the same lag (swift-storekit's D4, D28; about half a second, macOS 26.6).
/// 3. A refund does not lag: when its update arrives, the listing already lacks the product
///    (swift-storekit's D4).
/// 4. Read in a cancelled task, `currentEntitlements` yields nothing and
///    `Product.products(for:)` returns an empty list, not an error (swift-storekit's
///    D2, D20, D26; macOS 26.6
///    and the iOS 27.0 simulator).
/// 5. A renewal made while no launch runs (no updates listener of the account is open, as
///    with `sportstime-store advance`) is missed by the first `currentEntitlements` read of the
///    next launch, and reaches it through the unfinished transactions and the updates
///    (https://developer.apple.com/forums/thread/697006; not measured by the package above). The
///    marker is kept in the state.
/// 6. Unfinished transactions are handed to the first updates listener of a launch, once; a
///    listener that subscribes later gets none of them, while `Transaction.unfinished` still
///    has them (Apple's `Transaction.updates` page,
///    https://developer.apple.com/documentation/storekit/transaction/updates; DTS on
///    https://developer.apple.com/forums/thread/787431; swift-storekit's D29).
///
/// A launch is one `LocalAppStore` value: a process of the command-line tool, or a new
/// session's store in a test (the package's own tests also start the next launch of the same
/// store). The App Store's own view (the tool's `status` and `history`, the ledger) always
/// shows the truth and does not count as a read.
///
/// ``polite`` turns all of it off: every answer at once, unfinished transactions to every new
/// listener. Tests of the emulator's other rules ask for it by name.
public struct DeviceTiming: Sendable, Hashable, Codable, CustomStringConvertible {
  /// Whether the store keeps a device's timing.
  public var isEnabled: Bool
  /// How many reads through the app-side port miss a purchase or an approved Ask to Buy made
  /// in the same launch (1 by default; never negative).
  public var listingLag: Int

  /// Creates a timing; `listingLag` below 0 counts as 0.
  public init(isEnabled: Bool = true, listingLag: Int = 1) {
    self.isEnabled = isEnabled
    self.listingLag = max(0, listingLag)
  }

  /// A device's timing, the default: lags of one read.
  public static let device = DeviceTiming()
  /// A store that answers at once and hands unfinished transactions to every new listener.
  public static let polite = DeviceTiming(isEnabled: false, listingLag: 0)

  /// The number of reads that miss a new purchase: 0 when off.
  var effectiveLag: Int { isEnabled ? listingLag : 0 }

  public var description: String {
    isEnabled ? "on (listing lag \(listingLag) read\(listingLag == 1 ? "" : "s"))" : "off"
  }

  private enum CodingKeys: String, CodingKey {
    case isEnabled, listingLag
  }

  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      isEnabled: try container.decode(Bool.self, forKey: .isEnabled),
      listingLag: try container.decodeIfPresent(Int.self, forKey: .listingLag) ?? 1)
  }
}

extension EmulatorSettings {
  /// Every switch off, with a store that answers at once (``DeviceTiming/polite``): for tests of
  /// the emulator's other rules, which ask for it by name.
  public static var polite: EmulatorSettings { EmulatorSettings(deviceTiming: .polite) }
}
