import AppStoreJWS
import Foundation
import LocalAppStore
import StoreInternals
import StoreModel
import StoreTesting

/// One soak process: random operations on its own accounts, an invariant check after each.
struct Worker {
  let store: LocalAppStore
  let name: String
  let days: Int
  let accounts: [String]
  /// Family members of the purchaser (worker `a` only: the purchaser is its account).
  let family: [String]
  let verifier: SignedDataVerifier
  var random: SeededGenerator
  var report: WorkerReport

  init(path: String, name: String, seed: UInt64, days: Int) throws {
    store = try LocalAppStore(openingStateAt: path)
    self.name = name
    self.days = days
    let own = (1...8).map { "\(name)-\($0)" }
    family = name == "a" ? ["\(name)-kid-1", "\(name)-kid-2"] : []
    accounts = (name == "a" ? [LocalAppStore.purchaser] : []) + own + family
    verifier = try SignedDataVerifier(
      rootCertificates: [try Certificate(derEncoded: store.rootCertificateDER)],
      bundleID: "com.sportstime.app", environment: Soak.settings.environment)
    random = SeededGenerator(seed: seed)
    report = WorkerReport(name: name)
  }

  /// The kinds of step and their weights.
  enum Step: String, CaseIterable {
    case buy, upgradeOrSwitch, cancelRenewal, resumeRenewal, refund, advance, billingIssues
    case gracePeriod, askToBuy, answerRequest, familyShare, finish, sync

    var weight: Int {
      switch self {
      case .buy: 16
      case .upgradeOrSwitch: 4
      case .cancelRenewal: 5
      case .resumeRenewal: 4
      case .refund: 3
      case .advance: 7
      case .billingIssues: 2
      case .gracePeriod: 2
      case .askToBuy: 2
      case .answerRequest: 8
      case .familyShare: 3
      case .finish: 4
      case .sync: 2
      }
    }
  }

  mutating func run() async throws -> WorkerReport {
    let end = Soak.start.addingTimeInterval(Double(days) * 86_400)
    let started = Date()
    let table = Step.allCases.flatMap { Array(repeating: $0, count: $0.weight) }
    while store.now < end || report.steps == 0 {
      let step = table[Int(random.next() % UInt64(table.count))]
      let account = accounts[Int(random.next() % UInt64(accounts.count))]
      let touched: [String]
      do {
        touched = try await perform(step, account: account)
      } catch {
        // The other process held the state's lock past the busy timeout: the operation was
        // rolled back whole, as a client sees it; count it and go on.
        guard Self.isBusy(error) else { throw error }
        report.busy += 1
        continue
      }
      report.steps += 1
      report.stepsByKind[step.rawValue, default: 0] += 1
      for account in touched { try await check(account) }
      do {
        _ = try await store.synchronize()
      } catch {
        guard Self.isBusy(error) else { throw error }
        report.busy += 1
      }
      report.storeCalls += 1
    }
    report.seconds = Date().timeIntervalSince(started)
    report.finalDate = store.now
    return report
  }

  /// Runs one step; returns the accounts whose invariants it may have changed.
  mutating func perform(_ step: Step, account: String) async throws -> [String] {
    let backend = store.backend(for: account)
    report.storeCalls += 1
    switch step {
    case .buy, .upgradeOrSwitch:
      let product =
        step == .buy
        ? SportsTimeFixtures.monthly
        : (random.next() % 2 == 0 ? SportsTimeFixtures.annual : SportsTimeFixtures.monthly)
      let result: PurchaseResult
      do {
        result = try await backend.purchase(product, options: [])
      } catch {
        throw SoakFailure("\(account): buying \(product.id) failed: \(error)")
      }
      if case .success(let verification) = result {
        guard case .verified(let transaction) = verification else {
          throw SoakFailure("\(account): a purchase returned an unverified transaction")
        }
        remember(transaction, of: account)
      }
      return account == LocalAppStore.purchaser ? [account] + family : [account]
    case .cancelRenewal:
      try await store.setWillAutoRenew(false, account: account)
      return [account]
    case .resumeRenewal:
      try await store.setWillAutoRenew(true, account: account)
      return [account]
    case .refund:
      let history = try await store.history(account: account)
      report.storeCalls += 1
      guard
        let target = history.last(where: {
          $0.revocationDate == nil && $0.ownershipType == .purchased
        })
      else { return [] }
      try await store.refund(transactionID: target.id)
      report.revoked.append(target.id)
      return account == LocalAppStore.purchaser ? [account] + family : [account]
    case .advance:
      let hours = 1 + Double(random.next() % 12)
      try await store.advanceTime(bySeconds: hours * 3600)
      return accounts
    case .billingIssues:
      try await store.setBillingIssuesEnabled(random.next() % 3 == 0)
      return [account]
    case .gracePeriod:
      try await store.setGracePeriodEnabled(random.next() % 2 == 0)
      return [account]
    case .askToBuy:
      try await store.setAskToBuyEnabled(random.next() % 4 == 0)
      return [account]
    case .answerRequest:
      let pending = try await store.askToBuyRequests(account: account).filter {
        $0.status == .pending
      }
      report.storeCalls += 1
      guard let request = pending.first else { return [] }
      if random.next() % 3 == 0 {
        try await store.declineAskToBuy(request.id)
      } else {
        switch await approve(request.id) {
        case .success(let transaction): remember(transaction, of: account)
        case .failure(let error) where error.code == .notAllowed:
          break  // The customer bought meanwhile: the approval is refused, as StoreKit does.
        case .failure(let error): throw error
        }
      }
      return account == LocalAppStore.purchaser ? [account] + family : [account]
    case .familyShare:
      guard let member = family.isEmpty ? nil : family[Int(random.next() % 2)] else { return [] }
      let sharing = try await store.status().familyMembers.contains(member)
      report.storeCalls += 1
      if sharing {
        try await store.stopFamilySharing(with: member)
      } else {
        try await store.startFamilySharing(with: member)
      }
      return [LocalAppStore.purchaser, member]
    case .finish:
      for result in await backend.unfinishedTransactions() {
        guard case .verified(let transaction) = result else {
          throw SoakFailure("\(account): an unfinished transaction does not verify")
        }
        await backend.finish(transaction)
        report.storeCalls += 1
      }
      return [account]
    case .sync:
      try await backend.sync()
      return [account]
    }
  }

  func approve(_ id: UInt64) async -> Result<Transaction, LocalAppStoreError> {
    do {
      return .success(try await store.approveAskToBuy(id))
    } catch {
      return .failure(error)
    }
  }

  mutating func remember(_ transaction: Transaction, of account: String) {
    report.seen[account, default: []].append(transaction.id)
  }

  /// Whether `error` says the state's lock stayed taken past the busy timeout.
  static func isBusy(_ error: any Error) -> Bool {
    if let error = error as? LocalAppStoreError { return error.code == .stateBusy }
    // A backend call carries the store's code in its system error.
    guard case .systemError(_, let code)? = error as? StoreBackendError else { return false }
    return code == LocalAppStoreError.Code.stateBusy.rawValue
  }

  /// Reads `account` consistently and checks every invariant.
  mutating func check(_ account: String) async throws {
    var attempt: AccountSnapshot??
    while attempt == nil {
      do {
        attempt = try await AccountSnapshot.read(
          store, account: account, attempts: 50, calls: &report.storeCalls,
          retries: &report.retries)
      } catch {
        guard Self.isBusy(error) else { throw error }
        report.busy += 1
      }
    }
    guard let snapshot = attempt ?? nil else {
      throw SoakFailure("\(account): no consistent reading in 50 attempts")
    }
    let seen = Set(report.seen[account] ?? [])
    try snapshot.check(verifier: verifier, seen: seen, revoked: Set(report.revoked))
    var all = seen
    for transaction in snapshot.history {
      all.insert(transaction.id)
      if transaction.revocationDate != nil, !report.revoked.contains(transaction.id) {
        report.revoked.append(transaction.id)
      }
    }
    report.seen[account] = all.sorted()
    report.checks += 1
  }
}
