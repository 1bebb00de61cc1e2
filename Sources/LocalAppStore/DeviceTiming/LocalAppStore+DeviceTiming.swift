import Foundation
import StoreInternals
import StoreModel

// Device timing (``DeviceTiming``): the lags and empty answers of real StoreKit, each next to
// its source. The hooks in the app-side reads (`LocalAppStore+StoreBackend.swift`) call these.

/// What one launch of the app (one `LocalAppStore` value) has read: the lags of the purchases
/// and approvals it made, whether its first listing read happened, whether its first updates
/// listener got the unfinished transactions.
final class DeviceTimingLog: Sendable {
  private struct State {
    /// Account → transaction → how many reads still miss it.
    var lagging: [String: [UInt64: Int]] = [:]
    /// The accounts whose first `currentEntitlements` read of this launch happened.
    var listed: Set<String> = []
    /// The accounts whose first updates listener of this launch was handed the unfinished ones.
    var handedOver: Set<String> = []
    /// Listeners that subscribed and were not handed their unfinished transactions yet.
    var handovers: [Handover] = []
  }

  /// A listener waiting for the unfinished transactions of its account.
  struct Handover {
    var subscriber: UUID
    var account: String
    var isFirstListener: Bool
  }

  private let state = Locked(State())

  /// Makes the next `reads` reads of `account` miss `transactionID`.
  func lag(_ transactionID: UInt64, account: String, reads: Int) {
    guard reads > 0 else { return }
    state.withLock { $0.lagging[account, default: [:]][transactionID] = reads }
  }

  /// Counts one read of `account` through the app-side port; returns what this read misses.
  @discardableResult
  func read(account: String) -> Set<UInt64> {
    state.withLock { state in
      guard let lagging = state.lagging[account] else { return [] }
      var left: [UInt64: Int] = [:]
      for (id, reads) in lagging where reads > 1 { left[id] = reads - 1 }
      state.lagging[account] = left.isEmpty ? nil : left
      return Set(lagging.keys)
    }
  }

  /// Whether this is the launch's first `currentEntitlements` read of `account` (and marks it).
  func claimFirstListing(account: String) -> Bool {
    state.withLock { $0.listed.insert(account).inserted }
  }

  /// Whether this is the launch's first updates listener of `account` (and marks it).
  func claimHandover(account: String) -> Bool {
    state.withLock { $0.handedOver.insert(account).inserted }
  }

  /// Notes a new listener, to be handed the unfinished transactions before the store's next
  /// operation.
  func enqueueHandover(_ handover: Handover) {
    state.withLock { $0.handovers.append(handover) }
  }

  /// The listeners waiting for their hand-over, in the order they subscribed.
  func takeHandovers() -> [Handover] {
    state.withLock { state in
      defer { state.handovers = [] }
      return state.handovers
    }
  }

  /// Forgets this launch: a new launch begins.
  func reset() {
    state.withLock { $0 = State(handovers: $0.handovers) }
  }
}

/// A renewal made while no launch ran, missed by the first listing read of the next launch.
struct LaunchMarker: Codable, Hashable {
  var account: String
  var transactionID: UInt64
  var originalID: UInt64
}

extension LocalAppStore {
  // MARK: - Settings

  /// Turns device timing on or off (``DeviceTiming/device`` or ``DeviceTiming/polite``, or a
  /// listing lag of your own), kept in the state.
  package func setDeviceTiming(_ timing: DeviceTiming) throws(LocalAppStoreError) {
    try changeSettings { $0.deviceTiming = timing }
  }

  /// The store's device timing as the state has it now.
  package func deviceTiming() throws(LocalAppStoreError) -> DeviceTiming {
    try settings().deviceTiming
  }

  /// Starts a new launch of the app on this store, as a new process that opens the state does:
  /// the lags of this launch are over, the unfinished transactions go again to the first
  /// updates listener, and renewals made while no listener was open are missed by the first
  /// `currentEntitlements` read. For tests of what an app does at launch.
  package nonisolated func startNewLaunch() {
    timing.reset()
  }

  // MARK: - Hooks

  /// A purchase or an approval made now in this launch: missed by the next reads (1, 2).
  ///
  /// Real StoreKit, macOS 26.6: `currentEntitlements` lacks a purchase straight after
  /// `Product.purchase()` returns and lists it about a second later; an approved Ask to Buy
  /// arrives on `Transaction.updates` about half a second before the listing has it
  /// (Kosikowski/swift-storekit, `docs/10-decisions.md`, D3, D4, D28). The iOS 27.0 simulator
  /// lists both at once.
  func noteListingLag(of transaction: Transaction, account: String, settings: EmulatorSettings) {
    timing.lag(transaction.id, account: account, reads: settings.deviceTiming.effectiveLag)
  }

  /// A renewal made now: when no launch runs (nobody listens to the account's updates), the
  /// next launch's first listing read misses it (5; the forum thread
  /// https://developer.apple.com/forums/thread/697006 reports a renewal made while the app was
  /// not running missing from the first `currentEntitlements` at launch; not measured by
  /// Kosikowski/swift-storekit). Kept in the state: the next launch is another process.
  func noteRenewalForNextLaunch(
    _ transaction: Transaction, account: String, settings: EmulatorSettings
  ) throws(LocalAppStoreError) {
    guard settings.deviceTiming.isEnabled, !hub.hasSubscribers(account: account) else { return }
    var markers = try launchMarkers()
    markers.removeAll { $0.account == account && $0.originalID == transaction.originalID }
    markers.append(
      LaunchMarker(
        account: account, transactionID: transaction.id, originalID: transaction.originalID))
    // Written on every renewal no launch sees, and read again by the next: by hand (the
    // encoder's bytes), and kept as decoded (strings and identifiers round-trip exactly).
    try ledger.write(
      markers, json: String(decoding: PayloadWriter.json(of: markers), as: UTF8.self),
      to: .launchMarkers)
  }

  private func launchMarkers() throws(LocalAppStoreError) -> [LaunchMarker] {
    try ledger.read(.launchMarkers)
  }

  /// What a `currentEntitlements` read of `account` misses, inside its operation; `nil` when
  /// the read answers nothing (a cancelled task, 4).
  ///
  /// Counts the read (1, 2) and, at the launch's first listing read, takes the renewals made
  /// while no launch ran (5) out of the state.
  func listingRead(account: String, settings: EmulatorSettings) throws(LocalAppStoreError)
    -> Set<UInt64>?
  {
    // 4. Real StoreKit yields 0 of N entitlements in a cancelled task (Kosikowski/swift-storekit,
    // `docs/10-decisions.md`, D2; macOS 26.6, iOS 27.0).
    if settings.deviceTiming.isEnabled, Task.isCancelled { return nil }
    var missed = timing.read(account: account)
    guard settings.deviceTiming.isEnabled, timing.claimFirstListing(account: account) else {
      return settings.deviceTiming.isEnabled ? missed : []
    }
    let markers = try launchMarkers()
    let mine = markers.filter { $0.account == account }
    guard !mine.isEmpty else { return missed }
    missed.formUnion(mine.map(\.transactionID))
    if !ledger.isReadOnly {
      try ledger.write(markers.filter { $0.account != account }, to: .launchMarkers)
    }
    return missed
  }

  /// Whether a `products` read answers (`false`: an empty list, not an error, as real StoreKit
  /// answers a cancelled `Product.products(for:)`: Kosikowski/swift-storekit,
  /// `docs/10-decisions.md`, D20, D26, macOS 26.6 and iOS 27.0). It does not spend the listing
  /// lag: the measurements behind the lag are of `currentEntitlements`, `updates` and
  /// `unfinished` reads, and none of a product request.
  func productsRead(account: String, settings: EmulatorSettings) -> Bool {
    !(settings.deviceTiming.isEnabled && Task.isCancelled)
  }

  /// Whether a new updates listener of `account` gets the unfinished transactions (6): with
  /// device timing, only the launch's first one. Apple's `Transaction.updates` page
  /// (https://developer.apple.com/documentation/storekit/transaction/updates): a listener
  /// receives the unfinished transactions right after the app launches; DTS on
  /// https://developer.apple.com/forums/thread/787431: once, upon launch. A listener started late
  /// was handed nothing while `Transaction.unfinished` still had them
  /// (Kosikowski/swift-storekit, `docs/10-decisions.md`, D29, macOS 26.6).
  func handsOverUnfinished(firstListener: Bool) throws(LocalAppStoreError) -> Bool {
    if firstListener { return true }
    return !(try currentSettings().deviceTiming.isEnabled)
  }
}
