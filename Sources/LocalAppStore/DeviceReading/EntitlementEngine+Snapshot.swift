import Foundation
import StoreModel

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
  /// one-time purchases by product, keeping indices into the ledger's array. Then each
  /// subscription is judged once, from its latest transaction, into a ``Summary``; every answer
  /// is read from the summaries. No transaction is copied except those returned, and none is
  /// compared with more than a bounded number of others: the cost is linear.
  struct LedgerSnapshot: Sendable {
    /// One auto-renewable subscription during the pass: the transactions that share an
    /// `originalID`, reduced to the two that matter.
    struct Chain {
      var originalID: UInt64
      /// The index of its newest renewal info, or -1.
      var renewalInfo = -1
      /// The index of the latest transaction that exists at the date, or -1.
      var latest = -1
      /// The index of the earliest transaction dated after the date, or -1.
      var next = -1
      /// The purchase date of `latest`, kept here so that most comparisons touch no other
      /// transaction (in a ledger ordered by date, the subscription's transactions lie apart).
      var latestPurchaseDate = Date.distantPast
      var nextPurchaseDate = Date.distantFuture
      // Fields of `latest` and `next`, read while the pass is on them, so that judging the
      // subscription touches no transaction again: in a large ledger each such touch would be
      // a trip to main memory, and there is one per subscription.
      var latestID: UInt64 = 0
      var latestExpirationDate: Date?
      var latestRevocationDate: Date?
      var latestIsUpgraded = false
      var latestOwnershipRank = 0
      var latestGroupID: String?
      /// When the subscription began: the latest transaction's `originalPurchaseDate`, else its
      /// purchase date.
      var latestBeginning = Date.distantPast
      var nextIsRenewal = false
    }

    /// One subscription that exists at the date, judged.
    struct Summary: Sendable {
      var originalID: UInt64
      /// The index of its latest transaction.
      var latest: Int
      /// The index of its renewal info, or -1.
      var renewalInfo: Int
      /// Its state at the date.
      var state: RenewalState
      /// Where it stands among its group's statuses, for ``currentStatus(ofGroup:)``.
      var rank: Rank
      /// When the subscription began, for the order of ``statuses(ofGroup:)``.
      var beginning: Date
      /// The position of its group in ``LedgerSnapshot/groupIDs``, or -1 without a group.
      var group: Int
      /// The earliest moment after the date at which its state could change, if any.
      var nextChange: Date?
    }

    /// The time the snapshot judges every subscription at.
    let date: Date
    /// The ledger's transactions, indexed by the chains.
    let transactions: [Transaction]
    let renewalInfos: [RenewalInfo]
    /// The subscriptions that exist at the date, judged, in no order.
    private(set) var summaries: [Summary] = []
    /// The subscription groups met, and their positions.
    private var groupIDs: [String] = []
    private var groupPositions: [String: Int] = [:]
    /// The indices of the non-consumables and non-renewing subscriptions that exist at the
    /// date, by product.
    private var oneTimePurchases: [String: [Int]] = [:]
    /// The earliest purchase date after the date of any transaction that can entitle.
    private var earliestFuturePurchase: Date?

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
      // The subscriptions, and their positions by `originalID`. A ledger usually holds a
      // subscription's transactions one after the other, so the last position found is tried
      // before the dictionary.
      var chains: [Chain] = []
      var positions: [UInt64: Int] = [:]
      var lastOriginalID: UInt64?
      var lastPosition = 0
      let autoRenewable = ProductType.autoRenewable
      let nonConsumable = ProductType.nonConsumable
      let nonRenewable = ProductType.nonRenewable
      for index in transactions.indices {
        if transactions[index].productType == autoRenewable {
          if let groupID, transactions[index].subscriptionGroupID != groupID { continue }
          let originalID = transactions[index].originalID
          if originalID != lastOriginalID {
            if let found = positions[originalID] {
              lastPosition = found
            } else {
              lastPosition = chains.count
              positions[originalID] = lastPosition
              chains.append(Chain(originalID: originalID))
            }
            lastOriginalID = originalID
          }
          chains[lastPosition].add(index, of: transactions, at: date)
        } else if groupID == nil,
          transactions[index].productType == nonConsumable
            || transactions[index].productType == nonRenewable
        {
          let purchaseDate = transactions[index].purchaseDate
          if purchaseDate <= date {
            oneTimePurchases[transactions[index].productID, default: []].append(index)
          } else {
            noteFuturePurchase(purchaseDate)
          }
        }
        // Consumables and product types unknown to the engine never entitle.
      }
      attachRenewalInfos(to: &chains, positions: positions)
      summarize(chains)
    }

    /// Gives each subscription in `chains` the index of its newest renewal info.
    private func attachRenewalInfos(to chains: inout [Chain], positions: [UInt64: Int]) {
      for index in renewalInfos.indices {
        guard let position = positions[renewalInfos[index].originalTransactionID] else {
          continue
        }
        let kept = chains[position].renewalInfo
        if kept >= 0, renewalInfos[kept].signedDate > renewalInfos[index].signedDate { continue }
        chains[position].renewalInfo = index
      }
    }

    private mutating func noteFuturePurchase(_ purchaseDate: Date) {
      if earliestFuturePurchase.map({ purchaseDate < $0 }) ?? true {
        earliestFuturePurchase = purchaseDate
      }
    }

    // MARK: - Subscriptions

    /// Judges each subscription once, reading its latest transaction and renewal info.
    private mutating func summarize(_ chains: [Chain]) {
      summaries.reserveCapacity(chains.count)
      for chain in chains {
        if chain.next >= 0 { noteFuturePurchase(chain.nextPurchaseDate) }
        guard chain.latest >= 0 else { continue }
        let latest = chain.latest
        let info = chain.renewalInfo
        let state = state(of: chain)
        var group = -1
        if let groupID = chain.latestGroupID {
          if let position = groupPositions[groupID] {
            group = position
          } else {
            group = groupIDs.count
            groupPositions[groupID] = group
            groupIDs.append(groupID)
          }
        }
        let graceEnd = info >= 0 ? renewalInfos[info].gracePeriodExpirationDate : nil
        let accessEnd = state == .inGracePeriod ? graceEnd : chain.latestExpirationDate
        let rank = Rank(
          state: state, ownershipRank: chain.latestOwnershipRank, accessEnd: accessEnd,
          purchaseDate: chain.latestPurchaseDate, id: chain.latestID)
        var nextChange: Date?
        if state.isEntitled {
          // The end of access, or a revocation the ledger already knows of.
          nextChange = accessEnd
          if let revocationDate = chain.latestRevocationDate, revocationDate > date,
            nextChange.map({ revocationDate < $0 }) ?? true
          {
            nextChange = revocationDate
          }
        }
        summaries.append(
          Summary(
            originalID: chain.originalID, latest: latest, renewalInfo: info, state: state,
            rank: rank, beginning: chain.latestBeginning, group: group,
            nextChange: nextChange))
      }
    }

    /// The renewal state of a subscription whose latest transaction exists.
    private func state(of chain: Chain) -> RenewalState {
      if let revocationDate = chain.latestRevocationDate, revocationDate <= date {
        return .revoked
      }
      // Upgraded: the subscription continues with the replacement, a later transaction of the
      // same `originalID` (StoreKit keeps it within a group). Until that transaction's date (a
      // question about the past) the upgraded one still counts; without it, it never entitles.
      if chain.latestIsUpgraded, chain.next < 0 { return .expired }
      // An auto-renewable transaction without an expiration date is malformed: it never entitles.
      guard let expiration = chain.latestExpirationDate else { return .expired }
      if date < expiration { return .subscribed }
      // Lapsed. When a later transaction exists, this is a question about the past and the
      // renewal info (which describes the end of the history) does not apply: a late renewal
      // means the App Store was retrying billing; a new purchase means the subscription expired.
      if chain.next >= 0 { return chain.nextIsRenewal ? .inBillingRetryPeriod : .expired }
      let info = chain.renewalInfo
      guard info >= 0 else { return .expired }
      // Trust the grace-period end over the billing-retry flag: a notification can report a
      // grace period with `isInBillingRetryPeriod` false after a free trial
      // (https://developer.apple.com/forums/thread/749813).
      if let graceEnd = renewalInfos[info].gracePeriodExpirationDate, date < graceEnd {
        return .inGracePeriod
      }
      return renewalInfos[info].isInBillingRetry ? .inBillingRetryPeriod : .expired
    }

    /// The public status of a summarized subscription.
    private func status(_ summary: Summary) -> GroupStatus {
      GroupStatus(
        state: summary.state, transaction: transactions[summary.latest],
        renewalInfo: summary.renewalInfo >= 0 ? renewalInfos[summary.renewalInfo] : nil)
    }

    /// The statuses of every subscription in scope, in the order the subscriptions began.
    func allStatuses() -> [GroupStatus] {
      statusesInOrderOfBeginning(summaries.indices)
    }

    /// The statuses of the subscriptions whose latest transaction belongs to group `groupID`,
    /// in the order the subscriptions began.
    func statuses(ofGroup groupID: String) -> [GroupStatus] {
      guard let group = groupPositions[groupID] else { return [] }
      return statusesInOrderOfBeginning(summaries.indices.filter { summaries[$0].group == group })
    }

    /// The statuses of the summaries at `positions`, the subscription that began first first,
    /// then by `originalID`: not best first. StoreKit promises no order for
    /// `Product.SubscriptionInfo.status(for:)`, so code that reads only `first` must fail here
    /// as it does on a device when the entitled subscription is not the oldest (a family
    /// member's own lapsed monthly before the organizer's shared annual).
    private func statusesInOrderOfBeginning(_ positions: some Sequence<Int>) -> [GroupStatus] {
      positions.sorted {
        let (left, right) = (summaries[$0], summaries[$1])
        if left.beginning != right.beginning { return left.beginning < right.beginning }
        return left.originalID < right.originalID
      }.map { status(summaries[$0]) }
    }

    /// The status of the best subscription of group `groupID`.
    func currentStatus(ofGroup groupID: String) -> GroupStatus? {
      guard let group = groupPositions[groupID] else { return nil }
      var best: Int?
      for position in summaries.indices where summaries[position].group == group {
        if let current = best, !summaries[position].rank.precedes(summaries[current].rank) {
          continue
        }
        best = position
      }
      return best.map { status(summaries[$0]) }
    }

    /// The entitlements: the one-time purchases and the latest transaction of every entitled
    /// subscription, by purchase date then identifier.
    ///
    /// Every one: `Transaction.currentEntitlements` lists "the latest transaction for each
    /// auto-renewable subscription" in `subscribed` or `inGracePeriod` (Apple's
    /// currentEntitlements page), and Apple staff say that access both purchased and family
    /// shared shows as several entries (https://developer.apple.com/forums/thread/731683). So a
    /// member's own monthly and the organizer's shared annual of the same group are both listed;
    /// choosing which to show is the app's (SportsTime picks the highest level).
    func entitlements() -> [Transaction] {
      var result = entitledOneTimePurchases().map { transactions[$0] }
      // "The latest transaction for each product the customer has an entitlement to" (Apple's
      // `Transaction.currentEntitlements` page), and for a regular In-App Purchase
      // `currentEntitlements(for:)` "will contain no more than one transaction": one product
      // both purchased and family shared is listed once, the purchased one, else the one whose
      // access lasts longer. (The statuses keep both: one per subscription.)
      var byProduct: [String: Int] = [:]
      for position in summaries.indices where summaries[position].state.isEntitled {
        let latest = summaries[position].latest
        let productID = transactions[latest].productID
        if let kept = byProduct[productID], !isPreferred(latest, over: kept) { continue }
        byProduct[productID] = latest
      }
      result += byProduct.values.map { transactions[$0] }
      result.sort { ($0.purchaseDate, $0.id) < ($1.purchaseDate, $1.id) }
      return result
    }

    /// Whether the entitling transaction `candidate` is listed rather than `incumbent`, of the
    /// same product: purchased before family shared, then the later end of access.
    private func isPreferred(_ candidate: Int, over incumbent: Int) -> Bool {
      let candidateOwner = Rank.ownershipRank(transactions[candidate].ownershipType)
      let incumbentOwner = Rank.ownershipRank(transactions[incumbent].ownershipType)
      guard candidateOwner == incumbentOwner else { return candidateOwner < incumbentOwner }
      let candidateEnd = transactions[candidate].expirationDate ?? .distantFuture
      let incumbentEnd = transactions[incumbent].expirationDate ?? .distantFuture
      guard candidateEnd == incumbentEnd else { return candidateEnd > incumbentEnd }
      return transactions[candidate].id < transactions[incumbent].id
    }

    // MARK: - One-time purchases

    /// The indices of the entitling non-consumables and non-renewing subscriptions: one per
    /// product, unrevoked and not upgraded away; purchased before family shared, then the
    /// latest.
    private func entitledOneTimePurchases() -> [Int] {
      var result: [Int] = []
      result.reserveCapacity(oneTimePurchases.count)
      for indices in oneTimePurchases.values {
        if let best = bestOneTimePurchase(indices) { result.append(best) }
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

    /// The earliest moment after the date at which the answer could change: the end of access
    /// of an entitled subscription, a revocation of an entitling transaction, or the purchase
    /// of a transaction dated later.
    func nextChange() -> Date? {
      var earliest = earliestFuturePurchase
      func consider(_ candidate: Date?) {
        guard let candidate, candidate > date else { return }
        if let current = earliest, current <= candidate { return }
        earliest = candidate
      }
      for summary in summaries {
        consider(summary.nextChange)
      }
      for index in entitledOneTimePurchases() {
        consider(transactions[index].revocationDate)
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
  struct Rank: Sendable {
    var stateRank: Int
    var ownershipRank: Int
    var accessEnd: Date
    var purchaseDate: Date
    var id: UInt64

    init(
      state: RenewalState, ownershipRank: Int, accessEnd: Date?, purchaseDate: Date, id: UInt64
    ) {
      stateRank = Self.stateRank(state)
      self.ownershipRank = ownershipRank
      self.accessEnd = accessEnd ?? .distantPast
      self.purchaseDate = purchaseDate
      self.id = id
    }

    /// Whether the state grants access.
    var isEntitled: Bool { stateRank <= 1 }

    /// Whether `self` comes before `other`.
    func precedes(_ other: Self) -> Bool {
      if isEntitled != other.isEntitled { return isEntitled }
      if isEntitled {
        if stateRank != other.stateRank { return stateRank < other.stateRank }
        if ownershipRank != other.ownershipRank { return ownershipRank < other.ownershipRank }
        if accessEnd != other.accessEnd { return accessEnd > other.accessEnd }
      } else {
        if purchaseDate != other.purchaseDate { return purchaseDate > other.purchaseDate }
        if stateRank != other.stateRank { return stateRank < other.stateRank }
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
  typealias Rank = EntitlementEngine.LedgerSnapshot.Rank

  /// Adds the transaction at `index` to the subscription.
  ///
  /// Reads fields in place (`transactions[index].purchaseDate`): copying a `Transaction`, with
  /// its many strings, would cost more than the whole decision.
  mutating func add(_ index: Int, of transactions: [Transaction], at date: Date) {
    let purchaseDate = transactions[index].purchaseDate
    if purchaseDate <= date {
      if latest >= 0 {
        if purchaseDate < latestPurchaseDate { return }
        if purchaseDate == latestPurchaseDate,
          !Self.isLater(index, than: latest, in: transactions)
        {
          return
        }
      }
      latest = index
      latestPurchaseDate = purchaseDate
      latestID = transactions[index].id
      latestExpirationDate = transactions[index].expirationDate
      latestRevocationDate = transactions[index].revocationDate
      latestIsUpgraded = transactions[index].isUpgraded
      latestOwnershipRank = Rank.ownershipRank(transactions[index].ownershipType)
      latestGroupID = transactions[index].subscriptionGroupID
      latestBeginning = transactions[index].originalPurchaseDate ?? purchaseDate
    } else {
      if next >= 0, nextPurchaseDate <= purchaseDate { return }
      next = index
      nextPurchaseDate = purchaseDate
      nextIsRenewal = transactions[index].reason == .renewal
    }
  }

  /// Whether the transaction at `lhs` supersedes the one at `rhs` as the latest.
  ///
  /// The later purchase date wins. At the same instant, a newer signed copy of the same
  /// transaction wins (a refund or an upgrade re-signs it), then a transaction not upgraded
  /// away wins over one that was, then the higher identifier.
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
      // Same signing instant: the copy that carries more news wins.
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
