import Foundation

extension EntitlementEngine {
  /// What part of a ledger a snapshot reads.
  enum Scope: Equatable {
    /// Every transaction: for the entitlements and the next change.
    case everything
    /// Only the auto-renewable subscriptions of one group: for its statuses.
    case group(String)
  }

  /// A ledger as of one date, read in one pass: the engine's working state.
  ///
  /// The pass groups auto-renewable transactions by `originalID` (a ``Chain`` each) and
  /// one-time purchases by product, keeping indices into the ledger's array, so that no
  /// transaction is copied or compared with more than a bounded number of others.
  struct LedgerSnapshot {
    /// One auto-renewable subscription: the transactions that share an `originalID`.
    struct Chain {
      /// The index of the latest transaction that exists at the date.
      var latest: Int?
      /// The index of the earliest transaction dated after the date.
      var next: Int?
      /// The group and owner of the subscription, where an upgraded transaction looks for the
      /// transaction that replaced it.
      var upgradeScope: UpgradeScope?
    }

    /// Where the transaction that replaces an upgraded one lives: the same subscription group
    /// (or, without a group, the same subscription) and the same owner.
    struct UpgradeScope: Hashable {
      var groupID: String?
      var originalID: UInt64?
      var ownership: OwnershipType
    }

    /// The latest purchase dates, in one ``UpgradeScope``, of transactions not upgraded away.
    struct Replacements {
      /// The latest at or before the date.
      var atDate: Date?
      /// The latest in the whole ledger.
      var ever: Date?
    }

    /// A key for "one entitlement per subscription group".
    enum GroupKey: Hashable {
      case group(String)
      case subscription(UInt64)
    }

    /// The date of the decision.
    let date: Date
    /// The ledger's transactions, indexed by the chains.
    let transactions: [Transaction]
    /// The auto-renewable subscriptions, by `originalID`.
    private(set) var chains: [UInt64: Chain] = [:]
    /// The indices of the non-consumables and non-renewing subscriptions that exist at the
    /// date, by product.
    private var oneTimePurchases: [String: [Int]] = [:]
    /// The earliest purchase date after the date among the non-consumables and non-renewing
    /// subscriptions.
    private var earliestFutureOneTimePurchase: Date?
    /// The newest renewal info of each subscription in scope, by `originalID`.
    private var renewalInfos: [UInt64: RenewalInfo] = [:]
    /// Replacement dates by upgrade scope; filled only when a latest transaction is upgraded.
    private var replacements: [UpgradeScope: Replacements] = [:]

    /// Reads `ledger` as of `date`.
    init(_ ledger: PurchaseLedger, at date: Date, scope: Scope) {
      self.date = date
      transactions = ledger.transactions
      let groupID: String? =
        switch scope {
        case .everything: nil
        case .group(let id): id
        }
      var anyUpgraded = false
      for index in transactions.indices {
        let productType = transactions[index].productType
        if productType == .autoRenewable {
          if let groupID, transactions[index].subscriptionGroupID != groupID { continue }
          anyUpgraded = anyUpgraded || transactions[index].isUpgraded
          chains[transactions[index].originalID, default: Chain()].add(
            index, of: transactions, at: date)
        } else if scope == .everything,
          productType == .nonConsumable || productType == .nonRenewable
        {
          let purchaseDate = transactions[index].purchaseDate
          if purchaseDate <= date {
            oneTimePurchases[transactions[index].productID, default: []].append(index)
          } else if earliestFutureOneTimePurchase.map({ purchaseDate < $0 }) ?? true {
            earliestFutureOneTimePurchase = purchaseDate
          }
        }
        // Consumables and product types unknown to the engine never entitle.
      }
      for info in ledger.renewalInfos where chains[info.originalTransactionID] != nil {
        let id = info.originalTransactionID
        if let kept = renewalInfos[id], kept.signedDate > info.signedDate { continue }
        renewalInfos[id] = info
      }
      if anyUpgraded { collectReplacements() }
    }

    /// Records, for every upgrade scope, the latest purchase dates of transactions that were
    /// not upgraded away: one more pass, taken only when the ledger has upgraded transactions.
    private mutating func collectReplacements() {
      for index in transactions.indices {
        let transaction = transactions[index]
        guard transaction.productType == .autoRenewable, !transaction.isUpgraded,
          let scope = chains[transaction.originalID]?.upgradeScope,
          transaction.subscriptionGroupID == scope.groupID
        else { continue }
        let purchaseDate = transaction.purchaseDate
        replacements[scope, default: Replacements()].note(purchaseDate, existing: purchaseDate <= date)
      }
    }

    // MARK: - Subscriptions

    /// The status of the subscription `originalID`, or `nil` when none of its transactions
    /// exists at the date.
    func status(of originalID: UInt64, _ chain: Chain) -> GroupStatus? {
      guard let latest = chain.latest else { return nil }
      let transaction = transactions[latest]
      let info = renewalInfos[originalID]
      let state = state(of: chain, latest: transaction, renewalInfo: info)
      return GroupStatus(state: state, transaction: transaction, renewalInfo: info)
    }

    /// The renewal state of a subscription whose latest transaction at the date is `latest`.
    private func state(
      of chain: Chain, latest: Transaction, renewalInfo: RenewalInfo?
    ) -> RenewalState {
      if latest.isRevoked(at: date) { return .revoked }
      if latest.isUpgraded, !awaitsReplacement(latest, scope: chain.upgradeScope) {
        return .expired
      }
      // An auto-renewable transaction without an expiration date is malformed: it never entitles.
      guard let expiration = latest.expirationDate else { return .expired }
      if date < expiration { return .subscribed }
      // Lapsed. When a later transaction exists, this is a question about the past and the
      // renewal info (which describes the end of the history) does not apply: a late renewal
      // means the App Store was retrying billing; a new purchase means the subscription expired.
      if let next = chain.next {
        return transactions[next].reason == .renewal ? .inBillingRetryPeriod : .expired
      }
      guard let renewalInfo else { return .expired }
      // Trust the grace-period end over the billing-retry flag (research §1.4).
      if let graceEnd = renewalInfo.gracePeriodExpirationDate, date < graceEnd {
        return .inGracePeriod
      }
      return renewalInfo.isInBillingRetry ? .inBillingRetryPeriod : .expired
    }

    /// Whether an upgraded transaction is still waiting, at the date, for the transaction that
    /// replaces it: the replacement exists in the ledger but is dated after the date.
    ///
    /// An upgraded transaction whose replacement exists at the date, or is missing from the
    /// ledger, no longer entitles.
    private func awaitsReplacement(_ upgraded: Transaction, scope: UpgradeScope?) -> Bool {
      guard let scope, let found = replacements[scope] else { return false }
      let purchaseDate = upgraded.purchaseDate
      if let atDate = found.atDate, atDate > purchaseDate { return false }
      if let ever = found.ever, ever > purchaseDate { return true }
      return false
    }

    /// The status of every subscription in scope that exists at the date, in no order.
    func allStatuses() -> [GroupStatus] {
      var statuses: [GroupStatus] = []
      statuses.reserveCapacity(chains.count)
      for (originalID, chain) in chains {
        if let status = status(of: originalID, chain) { statuses.append(status) }
      }
      return statuses
    }

    /// For each subscription group, the best status that grants access, in no order.
    func winnerOfEachGroup() -> [GroupStatus] {
      var winners: [GroupKey: GroupStatus] = [:]
      for (originalID, chain) in chains {
        guard let status = status(of: originalID, chain), status.isEntitled else { continue }
        let key =
          status.transaction.subscriptionGroupID.map(GroupKey.group) ?? .subscription(originalID)
        if let current = winners[key], !Self.ranksBefore(status, current) { continue }
        winners[key] = status
      }
      return Array(winners.values)
    }

    /// Whether `lhs` comes before `rhs` in a group's statuses.
    ///
    /// Statuses that grant access come first: `subscribed` before `inGracePeriod`, purchased
    /// before family shared, the later end of access first. The others follow, the most
    /// recent first. Ties fall to the higher transaction identifier, so the order is total.
    static func ranksBefore(_ lhs: GroupStatus, _ rhs: GroupStatus) -> Bool {
      if lhs.isEntitled != rhs.isEntitled { return lhs.isEntitled }
      if lhs.isEntitled {
        let left = stateRank(lhs.state)
        let right = stateRank(rhs.state)
        if left != right { return left < right }
        let leftOwner = ownershipRank(lhs.transaction.ownershipType)
        let rightOwner = ownershipRank(rhs.transaction.ownershipType)
        if leftOwner != rightOwner { return leftOwner < rightOwner }
        let leftEnd = accessEnd(lhs) ?? .distantPast
        let rightEnd = accessEnd(rhs) ?? .distantPast
        if leftEnd != rightEnd { return leftEnd > rightEnd }
      } else {
        if lhs.transaction.purchaseDate != rhs.transaction.purchaseDate {
          return lhs.transaction.purchaseDate > rhs.transaction.purchaseDate
        }
        let left = stateRank(lhs.state)
        let right = stateRank(rhs.state)
        if left != right { return left < right }
      }
      return lhs.transaction.id > rhs.transaction.id
    }

    /// When a status's access ends unless something happens: the grace-period end in grace,
    /// else the expiration date.
    private static func accessEnd(_ status: GroupStatus) -> Date? {
      if status.state == .inGracePeriod, let end = status.renewalInfo?.gracePeriodExpirationDate {
        return end
      }
      return status.transaction.expirationDate
    }

    private static func stateRank(_ state: RenewalState) -> Int {
      switch state {
      case .subscribed: 0
      case .inGracePeriod: 1
      case .inBillingRetryPeriod: 2
      case .expired: 3
      case .revoked: 4
      default: 5
      }
    }

    private static func ownershipRank(_ ownership: OwnershipType) -> Int {
      switch ownership {
      case .purchased: 0
      case .familyShared: 1
      default: 2
      }
    }

    // MARK: - One-time purchases

    /// The entitling non-consumables and non-renewing subscriptions: one transaction per
    /// product, unrevoked and not upgraded away; purchased before family shared, then the
    /// latest.
    func entitledOneTimePurchases() -> [Transaction] {
      var result: [Transaction] = []
      result.reserveCapacity(oneTimePurchases.count)
      for indices in oneTimePurchases.values {
        if let best = bestOneTimePurchase(indices) { result.append(transactions[best]) }
      }
      return result
    }

    /// The entitling transaction among the versions of one product's transactions.
    private func bestOneTimePurchase(_ indices: [Int]) -> Int? {
      var best: Int?
      for index in newestVersions(indices) {
        let candidate = transactions[index]
        guard !candidate.isRevoked(at: date), !candidate.isUpgraded else { continue }
        guard let current = best else {
          best = index
          continue
        }
        let incumbent = transactions[current]
        let candidateOwner = Self.ownershipRank(candidate.ownershipType)
        let incumbentOwner = Self.ownershipRank(incumbent.ownershipType)
        if candidateOwner != incumbentOwner {
          if candidateOwner < incumbentOwner { best = index }
        } else if Chain.isLater(candidate, than: incumbent) {
          best = index
        }
      }
      return best
    }

    /// The newest signed version of each transaction among `indices`: a re-signed copy (a
    /// refund, an upgrade) replaces the copy it updates.
    private func newestVersions(_ indices: [Int]) -> [Int] {
      guard indices.count > 1 else { return indices }
      var newest: [UInt64: Int] = [:]
      for index in indices {
        let id = transactions[index].id
        if let kept = newest[id], !Chain.isLater(transactions[index], than: transactions[kept]) {
          continue
        }
        newest[id] = index
      }
      return newest.count == indices.count ? indices : Array(newest.values)
    }

    // MARK: - Next change

    /// The earliest moment after the date at which the answer could change.
    func nextChange() -> Date? {
      var earliest = earliestFutureOneTimePurchase
      func consider(_ candidate: Date?) {
        guard let candidate, candidate > date else { return }
        if let current = earliest, current <= candidate { return }
        earliest = candidate
      }
      for (originalID, chain) in chains {
        if let next = chain.next { consider(transactions[next].purchaseDate) }
        guard let status = status(of: originalID, chain), status.isEntitled else { continue }
        if status.state == .subscribed {
          consider(status.transaction.expirationDate)
        } else {
          consider(status.renewalInfo?.gracePeriodExpirationDate)
        }
        consider(status.transaction.revocationDate)
      }
      for transaction in entitledOneTimePurchases() {
        consider(transaction.revocationDate)
      }
      return earliest
    }
  }
}

extension EntitlementEngine.LedgerSnapshot.Chain {
  /// Adds the transaction at `index` to the subscription.
  mutating func add(_ index: Int, of transactions: [Transaction], at date: Date) {
    let transaction = transactions[index]
    if upgradeScope == nil {
      let groupID = transaction.subscriptionGroupID
      upgradeScope = .init(
        groupID: groupID, originalID: groupID == nil ? transaction.originalID : nil,
        ownership: transaction.ownershipType)
    }
    if transaction.purchaseDate <= date {
      if let latest, !Self.isLater(transaction, than: transactions[latest]) { return }
      latest = index
    } else {
      if let next, transactions[next].purchaseDate <= transaction.purchaseDate { return }
      next = index
    }
  }

  /// Whether `lhs` supersedes `rhs` as the latest transaction.
  ///
  /// The later purchase date wins. At the same instant, a newer signed copy of the same
  /// transaction wins (a refund or an upgrade re-signs it), then a transaction not upgraded
  /// away wins over one that was, then the higher identifier.
  static func isLater(_ lhs: Transaction, than rhs: Transaction) -> Bool {
    if lhs.purchaseDate != rhs.purchaseDate { return lhs.purchaseDate > rhs.purchaseDate }
    if lhs.id == rhs.id {
      if lhs.signedDate != rhs.signedDate { return lhs.signedDate > rhs.signedDate }
      // Same signing instant: the copy that carries more news wins.
      if (lhs.revocationDate != nil) != (rhs.revocationDate != nil) {
        return lhs.revocationDate != nil
      }
      return lhs.isUpgraded && !rhs.isUpgraded
    }
    if lhs.isUpgraded != rhs.isUpgraded { return !lhs.isUpgraded }
    return lhs.id > rhs.id
  }
}

extension EntitlementEngine.LedgerSnapshot.Replacements {
  /// Takes `purchaseDate` into account.
  mutating func note(_ purchaseDate: Date, existing: Bool) {
    if ever.map({ purchaseDate > $0 }) ?? true { ever = purchaseDate }
    if existing, atDate.map({ purchaseDate > $0 }) ?? true { atDate = purchaseDate }
  }
}
