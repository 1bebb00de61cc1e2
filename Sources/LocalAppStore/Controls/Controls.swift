import Foundation
package import StoreModel

/// The controls of the test environment as the state keeps them: the settings (switches, time
/// rate, storefront, locale, device timing), the defaults a reset goes back to, the failures a
/// test injects, and the purchases interrupted until the customer acts.
///
/// A part of the store over the ledger. It keeps and reads, inside the caller's SQLite
/// transaction, and decides nothing about purchases or subscriptions: the store's façade
/// (`SKTestSession`'s calls) asks it, then runs the machine.
package struct Controls {
  /// Where the controls are kept.
  let ledger: LedgerStore

  /// The controls kept in `ledger`.
  package init(ledger: LedgerStore) {
    self.ledger = ledger
  }

  // MARK: - Settings

  /// The settings as the state has them now.
  package func settings() throws(LocalAppStoreError) -> EmulatorSettings {
    try ledger.read(.settings)
  }

  /// Changes the settings: the one writer of ``EmulatorSettings``.
  /// - Returns: The settings after the change.
  @discardableResult
  package func changeSettings(_ change: (inout EmulatorSettings) throws(LocalAppStoreError) -> Void)
    throws(LocalAppStoreError) -> EmulatorSettings
  {
    try ledger.update(.settings, change)
  }

  /// The settings and faults a state began with (its `.storekit` file's), for
  /// ``resetToDefaults()``.
  package struct DefaultState: Codable, Sendable {
    /// The settings a reset goes back to.
    package var settings: EmulatorSettings
    /// The sticky faults a reset arms again (the file's enabled simulated errors).
    package var faults: [Fault]

    /// Defaults of `settings` with `faults` armed for good.
    package init(settings: EmulatorSettings, faults: [Fault] = []) {
      self.settings = settings
      self.faults = faults
    }
  }

  /// Keeps `defaults` as what ``resetToDefaults()`` goes back to, and applies them.
  package func start(with defaults: DefaultState) throws(LocalAppStoreError) {
    try ledger.write(defaults, to: .defaultState)
    try apply(defaults)
  }

  /// Reverts the settings and the injected failures to the state's defaults. A state written
  /// before the defaults were kept goes back to ``EmulatorSettings``' defaults, with its bundle
  /// identifier, and no fault.
  /// - Returns: The settings now.
  @discardableResult
  package func resetToDefaults() throws(LocalAppStoreError) -> EmulatorSettings {
    let defaults: DefaultState
    if let stored = try ledger.readIfPresent(.defaultState) {
      defaults = stored
    } else {
      defaults = DefaultState(settings: EmulatorSettings(bundleID: try settings().bundleID))
    }
    try apply(defaults)
    return defaults.settings
  }

  private func apply(_ defaults: DefaultState) throws(LocalAppStoreError) {
    try ledger.write(defaults.settings, to: .settings)
    try ledger.disarmAll(prefix: Target.fault)
    try ledger.disarmAll(prefix: Target.storeKit)
    for fault in defaults.faults { try inject(fault, sticky: true) }
  }

  // MARK: - Injected failures

  // One mechanism: every failure a test injects is a row of the ledger's `failures` table,
  // armed for the next call it applies to or for every one (sticky), and taken by the one
  // question a call asks (``failure(of:)``, ``takeServerFault(_:)``, ``consume(_:)``). Three
  // kinds of target: a StoreKit API (`SKTestSession.setSimulatedError(_:forAPI:)`, with
  // StoreKit's own error), a ``Fault`` StoreKit has no word for (a network failure of any
  // call, a token that does not verify or was altered, and the `fail` command's shorthands for
  // an API's system error or a cancel), and an App Store Server API endpoint (`api-fault`).

  /// The prefixes of the three kinds of target.
  enum Target {
    static let storeKit = "storekit:"
    static let fault = "fault:"
    static let server = "server:"
  }

  /// Arms `fault` for the next call it applies to, or for every one when `sticky`.
  package func inject(_ fault: Fault, sticky: Bool) throws(LocalAppStoreError) {
    try ledger.arm(LedgerStore.ArmedFailure(target: Target.fault + fault.rawValue, sticky: sticky))
  }

  /// Disarms `fault`, or every fault when `nil` (simulated errors and the Server API's stay).
  package func clearFaults(_ fault: Fault? = nil) throws(LocalAppStoreError) {
    if let fault {
      try ledger.disarm(Target.fault + fault.rawValue)
    } else {
      try ledger.disarmAll(prefix: Target.fault)
    }
  }

  /// The armed faults, each with whether it is sticky.
  package func armedFaults() throws(LocalAppStoreError) -> [Fault: Bool] {
    var faults: [Fault: Bool] = [:]
    for armed in try ledger.armedFailures(prefix: Target.fault) {
      faults[Fault(rawValue: String(armed.target.dropFirst(Target.fault.count)))] = armed.sticky
    }
    return faults
  }

  /// Takes the first of `faults` that is armed, disarming it unless it is sticky.
  package func consume(_ faults: [Fault]) throws(LocalAppStoreError) -> Fault? {
    // One read of the armed faults, then the first of `faults` among them.
    let armed = try ledger.armedFailures(prefix: Target.fault)
    guard !armed.isEmpty else { return nil }
    for fault in faults {
      guard let failure = armed.first(where: { $0.target == Target.fault + fault.rawValue }),
        try take(failure)
      else { continue }
      return fault
    }
    return nil
  }

  /// The failure armed for `target`, disarmed unless sticky. On a read-only state only sticky
  /// failures apply: a one-shot one waits for a call that can disarm it.
  private func take(_ target: String) throws(LocalAppStoreError) -> LedgerStore.ArmedFailure? {
    guard let armed = try ledger.armedFailure(target), try take(armed) else { return nil }
    return armed
  }

  /// Whether `armed` applies now, disarming it unless sticky.
  private func take(_ armed: LedgerStore.ArmedFailure) throws(LocalAppStoreError) -> Bool {
    guard !armed.sticky else { return true }
    guard !ledger.isReadOnly else { return false }
    try ledger.disarm(armed.target)
    return true
  }

  /// The APIs a simulated error can fail, and the command-line name of each.
  package static let simulatableAPIs: [(api: CatalogSettings.StoreKitAPI, name: String)] = [
    (.loadProducts, "load-products"), (.purchase, "purchase"), (.appStoreSync, "app-store-sync"),
    (.subscriptionStatus, "subscription-status"), (.offerCodeRedeem, "offer-code-redeem"),
  ]

  /// Makes every call of `api` fail with `error` (the next call only, unless `sticky`) until it
  /// is cleared with `nil`: `SKTestSession.setSimulatedError(_:forAPI:)`, whose errors stay
  /// until cleared.
  /// - Throws: `invalidArgument` for an API the store does not serve (the sheets, the app
  ///   transaction), changing nothing.
  package func setSimulatedError(
    _ error: StoreBackendError?, forAPI api: CatalogSettings.StoreKitAPI, sticky: Bool = true
  ) throws(LocalAppStoreError) {
    guard Self.simulatableAPIs.contains(where: { $0.api == api }) else {
      throw LocalAppStoreError(
        .invalidArgument,
        "the local App Store cannot simulate errors for \(api) (it serves "
          + Self.simulatableAPIs.map(\.name).joined(separator: ", ") + ")")
    }
    let target = Target.storeKit + api.rawValue
    guard let error else {
      try ledger.disarm(target)
      return
    }
    try ledger.arm(
      LedgerStore.ArmedFailure(
        target: target, error: error.caseName, reason: error.reason ?? "", sticky: sticky))
  }

  /// The error simulated for `api`, if any: `SKTestSession.simulatedError(forAPI:)`.
  package func simulatedError(for api: CatalogSettings.StoreKitAPI) throws(LocalAppStoreError)
    -> StoreBackendError?
  {
    try ledger.armedFailure(Target.storeKit + api.rawValue).map { Self.error($0, api) }
  }

  private static func error(_ armed: LedgerStore.ArmedFailure, _ api: CatalogSettings.StoreKitAPI)
    -> StoreBackendError
  {
    // Only a damaged state names a case StoreKit does not have: it still fails, as `unknown`.
    StoreBackendError(
      caseName: armed.error,
      reason: armed.reason.isEmpty ? "simulated \(armed.error) for \(api)" : armed.reason)
      ?? .unknown
  }

  /// What fails a call of `api` now, if anything: the one question every call of the
  /// store's StoreKit port asks before it reaches the App Store.
  ///
  /// First the error simulated for `api` (``setSimulatedError(_:forAPI:sticky:)``: StoreKit's
  /// own error); then the first armed fault of those that apply to `api`: ``Fault/network``
  /// for every API that reaches the App Store, and the API's own (``Fault/purchase`` and
  /// ``Fault/userCancel`` for a purchase, ``Fault/loadProducts``, ``Fault/sync``,
  /// ``Fault/subscriptionStatus``). Each is taken unless sticky. A fault becomes the error
  /// StoreKit gives for it: `networkError`, a `systemError`, or `userCancelled` (which a
  /// purchase reports as its `.userCancelled` result: ``purchaseFailure()``).
  package func failure(of api: CatalogSettings.StoreKitAPI) throws(LocalAppStoreError)
    -> StoreBackendError?
  {
    try failureTaken(of: api)?.error
  }

  /// What ``failure(of:)`` takes, with the fault it came from (`nil` for a simulated error).
  private func failureTaken(of api: CatalogSettings.StoreKitAPI) throws(LocalAppStoreError)
    -> (error: StoreBackendError, fault: Fault?)?
  {
    if let armed = try take(Target.storeKit + api.rawValue) { return (Self.error(armed, api), nil) }
    guard let fault = try consume(Self.faults[api] ?? []) else { return nil }
    return (Self.error(fault), fault)
  }

  /// What fails a purchase now, as ``failure(of:)`` answers for it, and whether it is the
  /// customer dismissing the sheet (the ``Fault/userCancel`` fault), which a purchase returns
  /// as its `.userCancelled` result, rather than an error StoreKit throws: a simulated
  /// `userCancelled` is thrown, as every simulated error is (`setSimulatedError(_:forAPI:)`
  /// takes the API's `Failure`). "Cancellation arrives two ways — as
  /// PurchaseResult.userCancelled and as a thrown StoreKitError.userCancelled"
  /// (Kosikowski/swift-storekit, `docs/10-decisions.md`, D10).
  package func purchaseFailure() throws(LocalAppStoreError)
    -> (error: StoreBackendError, dismissedSheet: Bool)?
  {
    try failureTaken(of: .purchase).map { ($0.error, $0.fault == .userCancel) }
  }

  /// The faults that apply to each API, in the order they are taken.
  private static let faults: [CatalogSettings.StoreKitAPI: [Fault]] = [
    .loadProducts: [.network, .loadProducts], .purchase: [.network, .purchase, .userCancel],
    .appStoreSync: [.network, .sync], .subscriptionStatus: [.network, .subscriptionStatus],
    .appTransaction: [.network],
  ]

  /// The error StoreKit gives for `fault`.
  private static func error(_ fault: Fault) -> StoreBackendError {
    switch fault {
    case .network: .networkError("simulated network failure")
    case .userCancel: .userCancelled
    case .loadProducts: .systemError("simulated product load failure")
    case .purchase: .systemError("simulated purchase failure")
    case .sync: .systemError("simulated App Store sync failure")
    case .subscriptionStatus: .systemError("simulated subscription status failure")
    default: .systemError("simulated \(fault.rawValue) failure")
    }
  }

  /// The App Store Server API endpoints armed to answer `5000001` (GeneralInternalRetryable),
  /// by endpoint name: `true` for every request, `false` for the next one only.
  package func serverFaults() throws(LocalAppStoreError) -> [String: Bool] {
    var faults: [String: Bool] = [:]
    for armed in try ledger.armedFailures(prefix: Target.server) {
      faults[String(armed.target.dropFirst(Target.server.count))] = armed.sticky
    }
    return faults
  }

  /// Arms `endpoint` to fail once, or every time when `sticky`; `nil` for `sticky` disarms it.
  package func setServerFault(_ endpoint: String, sticky: Bool?) throws(LocalAppStoreError) {
    guard let sticky else {
      try ledger.disarm(Target.server + endpoint)
      return
    }
    try ledger.arm(LedgerStore.ArmedFailure(target: Target.server + endpoint, sticky: sticky))
  }

  /// Whether `endpoint` is armed to fail now; a one-shot fault is taken by answering.
  package func takeServerFault(_ endpoint: String) throws(LocalAppStoreError) -> Bool {
    guard let armed = try ledger.armedFailure(Target.server + endpoint) else { return false }
    if !armed.sticky, !ledger.isReadOnly { try ledger.disarm(armed.target) }
    return true
  }

  // MARK: - Interrupted purchases

  /// Keeps request `id` as an interrupted purchase (`SKTestSession.interruptedPurchasesEnabled`)
  /// rather than an Ask to Buy request.
  package func markInterrupted(_ id: UInt64) throws(LocalAppStoreError) {
    try ledger.setInterrupted(true, request: id)
  }

  /// Whether `id` is an interrupted purchase still waiting for the customer.
  package func isInterrupted(_ id: UInt64) throws(LocalAppStoreError) -> Bool {
    guard try interruptedRequests().contains(id), let request = try ledger.request(id) else {
      return false
    }
    return request.0.status == .pending
  }

  /// Forgets interrupted purchase `id`: the customer acted.
  package func finishInterrupted(_ id: UInt64) throws(LocalAppStoreError) {
    try ledger.setInterrupted(false, request: id)
  }

  /// Every account's requests still waiting, oldest first, each with whether it is an
  /// interrupted purchase or an Ask to Buy request.
  package func waitingRequests() throws(LocalAppStoreError)
    -> [(request: AskToBuyRequest, isInterrupted: Bool)]
  {
    let interrupted = try interruptedRequests()
    return try ledger.requests(of: nil).filter { $0.status == .pending }.map {
      ($0, interrupted.contains($0.id))
    }
  }

  private func interruptedRequests() throws(LocalAppStoreError) -> Set<UInt64> {
    try ledger.interruptedRequests()
  }

  // MARK: - What a setting accepts

  /// Whether `identifier` names a locale: a language of 2 or 3 letters that ISO 639 has, then
  /// up to four `_` or `-` separated parts of 1 to 8 letters and digits (BCP 47's shape,
  /// loosely), where a script (4 letters) must be ISO 15924's and a region (2 letters or 3
  /// digits) ISO 3166's or UN M.49's (Foundation's `Locale.LanguageCode.isISOLanguage`,
  /// `Locale.Script.isISOScript`, `Locale.Region.isISORegion`). `xx_YY` has the form and names
  /// nothing.
  package static func isLocaleIdentifier(_ identifier: String) -> Bool {
    let parts = identifier.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "_" || $0 == "-" })
    guard let language = parts.first, (2...3).contains(language.count), parts.count <= 5,
      language.allSatisfy({ $0.isASCII && $0.isLetter }),
      Locale.LanguageCode(String(language)).isISOLanguage
    else { return false }
    return parts.dropFirst().allSatisfy { part in
      guard (1...8).contains(part.count),
        part.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
      else { return false }
      if part.count == 4, part.allSatisfy(\.isLetter) {
        return Locale.Script(String(part)).isISOScript
      }
      if (part.count == 2 && part.allSatisfy(\.isLetter))
        || (part.count == 3 && part.allSatisfy(\.isNumber))
      {
        return Locale.Region(String(part)).isISORegion
      }
      return true
    }
  }
}
