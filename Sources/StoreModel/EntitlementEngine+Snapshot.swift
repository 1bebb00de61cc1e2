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
    ///
    /// Only indices and dates: the pass never copies a transaction.
    struct Chain {
      /// The index of the latest transaction that exists at the date.
      var latest: Int?
      /// The index of the earliest transaction dated after the date.
      var next: Int?
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
    /// The ledger's renewal infos.
    let renewalInfos: [RenewalInfo]
    /// The auto-renewable subscriptions, by `originalID`.
    private(set) var chains: [UInt64: Chain] = [:]
    /// The indices of the non-consumables and non-renewing subscriptions that exist at the
    /// date, by product.
    private var oneTimePurchases: [String: [Int]] = [:]
    /// The earliest purchase date after the date among the non-consumables and non-renewing
    /// subscriptions.
    private var earliestFutureOneTimePurchase: Date?
    /// The index of the newest renewal info of each subscription in scope, by `originalID`.
    private var renewalInfoIndices: [UInt64: Int] = [:]

    /// Reads `ledger` as of `date`.
    init(_ ledger: PurchaseLedger, at date: Date, scope: Scope) {
      self.date = date
      transactions = ledger.transactions
      renewalInfos = ledger.renewalInfos
      let groupID: String? =
        switch scope {
        case .everything: nil
        case .group(let id): id
        }
      let autoRenewable = ProductType.autoRenewable
      let nonConsumable = ProductType.nonConsumable
      let nonRenewable = ProductType.nonRenewable
      for index in transactions.indices {
        if transactions[index].productType == autoRenewable {
          if let groupID, transactions[index].subscriptionGroupID != groupID { continue }
          chains[transactions[index].originalID, default: Chain()].add(
            index, of: transactions, at: date)
        } else if groupID == nil,
          transactions[index].productType == nonConsumable
            || transactions[index].productType == nonRenewable
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
      renewalInfoIndices.reserveCapacity(min(renewalInfos.count, chains.count))
      for index in renewalInfos.indices {
        let id = renewalInfos[index].originalTransactionID
        guard chains[id] != nil else { continue }
        if let kept = renewalInfoIndices[id],
          renewalInfos[kept].signedDate > renewalInfos[index].signedDate
        {
          continue
        }
        renewalInfoIndices[id] = index
      }
    }

    // MARK: - Subscriptions

    /// The status of the subscription `originalID`, or `nil` when none of its transactions
    /// exists at the date.
    func status(of originalID: UInt64, _ chain: Chain) -> GroupStatus? {
      guard let latest = chain.latest, let state = state(of: originalID, chain) else {
        return nil
      }
      let info = renewalInfoIndices[originalID].map { renewalInfos[$0] }
      return GroupStatus(state: state, transaction: transactions[latest], renewalInfo: info)
    }

    /// The renewal state of subscription `originalID`, or `nil` when none of its transactions
    /// exists at the date. Reads fields in place, copying nothing.
    func state(of originalID: UInt64, _ chain: Chain) -> RenewalState? {
      guard let latest = chain.latest else { return nil }
      if let revocationDate = transactions[latest].revocationDate, revocationDate <= date {
        return .revoked
      }
      // Upgraded: the subscription continues with the replacement, a later transaction of the
      // same `originalID` (StoreKit keeps it within a group). Until that transaction's date (a
      // question about the past) the upgraded one still counts; without it, it never entitles.
      if transactions[latest].isUpgraded, chain.next == nil { return .expired }
      // An auto-renewable transaction without an expiration date is malformed: it never entitles.
      guard let expiration = transactions[latest].expirationDate else { return .expired }
      if date < expiration { return .subscribed }
      // Lapsed. When a later transaction exists, this is a question about the past and the
      // renewal info (which describes the end of the history) does not apply: a late renewal
      // means the App Store was retrying billing; a new purchase means the subscription expired.
      if let next = chain.next {
        return transactions[next].reason == .renewal ? .inBillingRetryPeriod : .expired
      }
      guard let info = renewalInfoIndices[originalID] else { return .expired }
      // Trust the grace-period end over the billing-retry flag (research §1.4).
      if let graceEnd = renewalInfos[info].gracePeriodExpirationDate, date < graceEnd {
        return .inGracePeriod
      }
      return renewalInfos[info].isInBillingRetry ? .inBillingRetryPeriod : .expired
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
      var winners: [GroupKey: (rank: Rank, originalID: UInt64)] = [:]
      for (originalID, chain) in chains {
        guard let state = state(of: originalID, chain), state.isEntitled,
          let latest = chain.latest
        else { continue }
        let rank = rank(state: state, latest: latest, originalID: originalID)
        let key = transactions[latest].subscriptionGroupID.map(GroupKey.group)
          ?? .subscription(originalID)
        if let current = winners[key], !rank.precedes(current.rank) { continue }
        winners[key] = (rank, originalID)
      }
      return winners.values.compactMap { winner in
        chains[winner.originalID].flatMap { status(of: winner.originalID, $0) }
      }
    }

    /// The rank of a subscription among its group's statuses.
    private func rank(state: RenewalState, latest: Int, originalID: UInt64) -> Rank {
      var accessEnd = transactions[latest].expirationDate
      if state == .inGracePeriod, let info = renewalInfoIndices[originalID],
        let graceEnd = renewalInfos[info].gracePeriodExpirationDate
      {
        accessEnd = graceEnd
      }
      return Rank(
        state: state, ownership: transactions[latest].ownershipType, accessEnd: accessEnd,
        purchaseDate: transactions[latest].purchaseDate, id: transactions[latest].id)
    }

    /// Whether `lhs` comes before `rhs` in a group's statuses (see ``Rank``).
    static func ranksBefore(_ lhs: GroupStatus, _ rhs: GroupStatus) -> Bool {
      Rank(lhs).precedes(Rank(rhs))
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
        if let revocationDate = transactions[index].revocationDate, revocationDate <= date {
          continue
        }
        guard !transactions[index].isUpgraded else { continue }
        guard let current = best else {
          best = index
          continue
        }
        let candidateOwner = Rank.ownershipRank(transactions[index].ownershipType)
        let incumbentOwner = Rank.ownershipRank(transactions[current].ownershipType)
        if candidateOwner != incumbentOwner {
          if candidateOwner < incumbentOwner { best = index }
        } else if Chain.isLater(index, than: current, in: transactions) {
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
        if let kept = newest[id], !Chain.isLater(index, than: kept, in: transactions) {
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
        guard let latest = chain.latest, let state = state(of: originalID, chain),
          state.isEntitled
        else { continue }
        if state == .subscribed {
          consider(transactions[latest].expirationDate)
        } else if let info = renewalInfoIndices[originalID] {
          consider(renewalInfos[info].gracePeriodExpirationDate)
        }
        consider(transactions[latest].revocationDate)
      }
      for indices in oneTimePurchases.values {
        if let best = bestOneTimePurchase(indices) {
          consider(transactions[best].revocationDate)
        }
      }
      return earliest
    }
  }
}

extension EntitlementEngine.LedgerSnapshot {
  /// Where a subscription stands among its group's statuses.
  ///
  /// Statuses that grant access come first: `subscribed` before `inGracePeriod`, purchased
  /// before family shared, the later end of access (grace-period end in grace, else
  /// expiration) first. The others follow, the most recent purchase first, then by state.
  /// Ties fall to the higher transaction identifier, so the order is total.
  struct Rank {
    var state: RenewalState
    var ownership: OwnershipType
    var accessEnd: Date?
    var purchaseDate: Date
    var id: UInt64

    init(
      state: RenewalState, ownership: OwnershipType, accessEnd: Date?, purchaseDate: Date,
      id: UInt64
    ) {
      self.state = state
      self.ownership = ownership
      self.accessEnd = accessEnd
      self.purchaseDate = purchaseDate
      self.id = id
    }

    init(_ status: EntitlementEngine.GroupStatus) {
      var accessEnd = status.transaction.expirationDate
      if status.state == .inGracePeriod,
        let graceEnd = status.renewalInfo?.gracePeriodExpirationDate
      {
        accessEnd = graceEnd
      }
      self.init(
        state: status.state, ownership: status.transaction.ownershipType, accessEnd: accessEnd,
        purchaseDate: status.transaction.purchaseDate, id: status.transaction.id)
    }

    /// Whether `self` comes before `other`.
    func precedes(_ other: Self) -> Bool {
      let entitled = state.isEntitled
      if entitled != other.state.isEntitled { return entitled }
      if entitled {
        let left = Self.stateRank(state)
        let right = Self.stateRank(other.state)
        if left != right { return left < right }
        let leftOwner = Self.ownershipRank(ownership)
        let rightOwner = Self.ownershipRank(other.ownership)
        if leftOwner != rightOwner { return leftOwner < rightOwner }
        let leftEnd = accessEnd ?? .distantPast
        let rightEnd = other.accessEnd ?? .distantPast
        if leftEnd != rightEnd { return leftEnd > rightEnd }
      } else {
        if purchaseDate != other.purchaseDate { return purchaseDate > other.purchaseDate }
        let left = Self.stateRank(state)
        let right = Self.stateRank(other.state)
        if left != right { return left < right }
      }
      return id > other.id
    }

    static func stateRank(_ state: RenewalState) -> Int {
      switch state {
      case .subscribed: 0
      case .inGracePeriod: 1
      case .inBillingRetryPeriod: 2
      case .expired: 3
      case .revoked: 4
      default: 5
      }
    }

    static func ownershipRank(_ ownership: OwnershipType) -> Int {
      switch ownership {
      case .purchased: 0
      case .familyShared: 1
      default: 2
      }
    }
  }
}

extension EntitlementEngine.LedgerSnapshot.Chain {
  /// Adds the transaction at `index` to the subscription.
  ///
  /// Reads fields in place (`transactions[index].purchaseDate`): copying a `Transaction`, with
  /// its many strings, would cost more than the whole decision.
  mutating func add(_ index: Int, of transactions: [Transaction], at date: Date) {
    let purchaseDate = transactions[index].purchaseDate
    if purchaseDate <= date {
      if let latest, !Self.isLater(index, than: latest, in: transactions) { return }
      latest = index
    } else {
      if let next, transactions[next].purchaseDate <= purchaseDate { return }
      next = index
    }
  }

  /// Whether the transaction at `lhs` supersedes the one at `rhs` as the latest.
  static func isLater(_ lhs: Int, than rhs: Int, in transactions: [Transaction]) -> Bool {
    let left = transactions[lhs].purchaseDate
    let right = transactions[rhs].purchaseDate
    if left != right { return left > right }
    let leftID = transactions[lhs].id
    let rightID = transactions[rhs].id
    if leftID == rightID {
      let leftSigned = transactions[lhs].signedDate
      let rightSigned = transactions[rhs].signedDate
      if leftSigned != rightSigned { return leftSigned > rightSigned }
      let leftRevoked = transactions[lhs].revocationDate != nil
      let rightRevoked = transactions[rhs].revocationDate != nil
      if leftRevoked != rightRevoked { return leftRevoked }
      return transactions[lhs].isUpgraded && !transactions[rhs].isUpgraded
    }
    let leftUpgraded = transactions[lhs].isUpgraded
    let rightUpgraded = transactions[rhs].isUpgraded
    if leftUpgraded != rightUpgraded { return !leftUpgraded }
    return leftID > rightID
  }
}
