import AppStoreJWS
package import Foundation
package import StoreModel

/// The App Store's side of an auto-renewable subscription, as one pure transition: given a
/// subscription's record, an event and the time, ``apply(_:to:at:in:)`` returns the records the
/// event leaves, step by step, and what each step makes: a transaction to sign, a renewal to
/// deliver, a pending price increase settled, and the notifications the App Store sends for it
/// (``Step/notices``), decided where the step is, never guessed afterwards from two records.
///
/// It reads no ledger, clock or SQLite: the operations of the store read what it needs into a
/// ``Context``, and apply its ``Transition`` to the ledger (``LocalAppStore/apply(_:in:mirroring:)``),
/// which hands each step's notices to the ``Notifier``. Every write of a record's
/// ``SubscriptionRecord/phase`` is here; renewal info and the notifications' `status` are
/// projections of the records it returns (``state(of:at:)``).
package enum SubscriptionMachine {
  /// What the machine reads besides the record: the catalog, the settings, the record's pending
  /// price increase.
  package struct Context {
    var products: [String: Product]
    var settings: EmulatorSettings
    /// The subscription's pending price increase, if consent was requested.
    var priceIncrease: Pricing.Increase?
    /// The offer codes of each product, by product identifier (StoreKit's product has none).
    var codeOffers: [String: [SubscriptionOffer]] = [:]

    /// What the machine reads: the catalog's `products`, `settings`, the subscription's
    /// pending `priceIncrease` and the `codeOffers`.
    package init(
      products: [String: Product], settings: EmulatorSettings,
      priceIncrease: Pricing.Increase? = nil, codeOffers: [String: [SubscriptionOffer]] = [:]
    ) {
      (self.products, self.settings) = (products, settings)
      (self.priceIncrease, self.codeOffers) = (priceIncrease, codeOffers)
    }
  }

  /// A new subscription, or a customer coming back to a group whose subscription ended.
  package struct Subscription {
    /// The product bought, at its current price.
    var product: Product
    /// The new transaction's identifier (and, for a new subscription, its original one).
    var transactionID: UInt64
    var account: String
    /// The offer it redeems (promotional, or the introductory offer the customer may use).
    var offer: SubscriptionOffer?
    var appAccountToken: UUID?

    /// `product` bought by `account` as transaction `transactionID`, redeeming `offer`.
    package init(
      product: Product, transactionID: UInt64, account: String, offer: SubscriptionOffer? = nil,
      appAccountToken: UUID? = nil
    ) {
      (self.product, self.transactionID, self.account) = (product, transactionID, account)
      (self.offer, self.appAccountToken) = (offer, appAccountToken)
    }
  }

  /// Whether a subscription is live: active or in billing retry (its grace period included).
  package static func isLive(_ record: SubscriptionRecord) -> Bool {
    record.phase == .active || record.phase == .billingRetry
  }

  // MARK: - The transition

  /// The steps `event` makes to `record` (`nil`: no subscription in the group yet, for a
  /// purchase) at `now`.
  package static func apply(
    _ event: Event, to record: SubscriptionRecord?, at now: Date, in context: Context
  ) -> Transition {
    var transition = Transition()
    switch event {
    case .purchase(let subscription):
      transition.steps.append(purchase(subscription, resubscribing: record, at: now, context))
    default:
      guard let record else { return transition }
      transition.steps = steps(of: event, to: record, at: now, context)
    }
    return transition
  }

  /// Family Sharing: the purchaser's subscription `source` as `member` has it, under the member's
  /// own original transaction identifier (`originalID`, its first copy's) and first purchase date.
  /// The copy follows the purchaser's record, phase included; it needs no context.
  static func share(
    _ source: SubscriptionRecord, with member: String, originalID: UInt64,
    originalPurchaseDate: Date
  ) -> Transition {
    var mirror = source
    mirror.originalID = originalID
    mirror.account = member
    mirror.sourceOriginalID = source.originalID
    mirror.appAccountToken = nil
    mirror.originalPurchaseDate = originalPurchaseDate
    return Transition(steps: [Step(record: mirror, change: .record)])
  }

  private static func steps(
    of event: Event, to record: SubscriptionRecord, at now: Date, _ context: Context
  ) -> [Step] {
    var record = record
    switch event {
    case .purchase:
      return []
    case .change(let product, let offer, let transactionID):
      return [change(&record, to: product, offer: offer, id: transactionID, at: now, context)]
    case .timePassed:
      var increase = context.priceIncrease
      return advance(&record, to: now, context, increase: &increase)
    case .recovery:
      return recover(&record, at: now, context)
    case .forcedRenewal(let product, let start):
      var increase = context.priceIncrease
      let removesPending = increase.map { $0.agreed != true } ?? false
      if removesPending { increase = nil }
      guard record.phase == .active else {
        // In billing retry nothing renews ("doesn't change the billing retry state with this
        // call"), but the call still "Removes a pending price increase". Its other effect,
        // "Enables the subscription auto-renew state", has nothing to do here: auto-renew is
        // on throughout a retry (turning it off ends the retry, `autoRenew`).
        guard record.phase == .billingRetry, removesPending else { return [] }
        return [Step(record: record, change: .unchanged, settlesPriceIncrease: true)]
      }
      let turnedOn = !record.willAutoRenew
      record.willAutoRenew = true
      var step = renew(&record, with: product, at: start, context, increase: &increase)
      step.settlesPriceIncrease = step.settlesPriceIncrease || removesPending
      // A renewal, told as one (DID_RENEW), then auto-renew turned back on.
      step.notices = [Notice(.didRenew)]
      if turnedOn { step.notices.append(Notice(.didChangeRenewalStatus, .autoRenewEnabled)) }
      return [step]
    case .expiry:
      let wasLive = isLive(record)
      record.expirationDate = now
      record.expire(for: .autoRenewDisabled)
      record.willAutoRenew = false
      // EXPIRED VOLUNTARY: "the subscription expired after the customer turned off
      // subscription auto-renew" (subtype page), as `expireSubscription` does.
      return [
        Step(
          record: record, change: .record, notices: wasLive ? [Notice(.expired, .voluntary)] : [])
      ]
    case .refund, .familyUnshare:
      guard record.phase != .revoked else { return [Step(record: record, change: .record)] }
      record.phase = .revoked
      // REFUND: "the App Store successfully refunded a transaction"; REVOKE: "an In-App
      // Purchase the customer was entitled to through Family Sharing is no longer available"
      // (a family member's copy: the purchaser stopped sharing, or was refunded).
      let notice = Notice(record.sourceOriginalID == nil ? .refund : .revoke)
      return [Step(record: record, change: .record, notices: [notice])]
    case .refundReversed:
      guard record.phase == .revoked else { return [] }
      record.phase = .active
      var increase = context.priceIncrease
      // REFUND_REVERSED: "the App Store reversed a previously granted refund due to a dispute
      // that the customer raised": the subscription is back as it was, then catches up.
      return [Step(record: record, change: .record, notices: [Notice(.refundReversed)])]
        + advance(&record, to: now, context, increase: &increase)
    case .autoRenew(let willAutoRenew):
      guard isLive(record) else {
        setAutoRenew(willAutoRenew, &record)
        return [Step(record: record, change: .record)]
      }
      let notices = setAutoRenew(willAutoRenew, &record)
      let changed = Step(record: record, change: .record, notices: notices)
      // Turning auto-renew off in billing retry ends the retry: the App Store retries "for 60
      // days, or until the user resolves their billing issue or cancels their subscription,
      // whichever comes first" (Apple, "Reducing involuntary subscriber churn",
      // https://developer.apple.com/documentation/storekit/reducing-involuntary-subscriber-churn).
      // The subscription expires now, `isInBillingRetry` false, for the customer's cancellation
      // (`expirationIntent` 1, "The customer canceled their subscription"), told
      // EXPIRED / VOLUNTARY ("the subscription expired after the customer turned off
      // subscription auto-renewal"), after DID_CHANGE_RENEWAL_STATUS / AUTO_RENEW_DISABLED.
      guard !willAutoRenew, record.phase == .billingRetry else { return [changed] }
      record.expire(for: .autoRenewDisabled)
      return [changed, expired(record)]
    case .renewalExtension(let date):
      // RENEWAL_EXTENDED: "the App Store extended the subscription renewal date for a specific
      // subscription" (Extend a Subscription Renewal Date): a later renewal date, no new period.
      let extended = record.phase == .active && date > record.expirationDate
      record.expirationDate = date
      return [
        Step(record: record, change: .record, notices: extended ? [Notice(.renewalExtended)] : [])
      ]
    case .priceIncreaseRequested:
      // PRICE_INCREASE PENDING: the customer has not responded yet (notificationType page).
      return [Step(record: record, change: .unchanged, notices: [Notice(.priceIncrease, .pending)])]
    case .priceIncreaseAnswer(let agreed):
      // PRICE_INCREASE ACCEPTED: the customer consented (notificationType page).
      guard !agreed else {
        return [
          Step(record: record, change: .unchanged, notices: [Notice(.priceIncrease, .accepted)])
        ]
      }
      // declinePriceIncreaseForTransaction(identifier:): "this method disables auto-renew and
      // removes the subscription's pending price increase status. The subscription expires at
      // the end of the billing period". Its page calls it "a user canceling an auto-renewable
      // subscription by disabling auto-renew": the expiration that follows is the customer's
      // cancellation (`autoRenewDisabled`, expirationIntent 1) — our reading; a customer who
      // never answers expires with `didNotConsentToPriceIncrease` (intent 3).
      let notices = isLive(record) ? setAutoRenew(false, &record) : []
      record.willAutoRenew = false
      record.autoRenewProductID = record.productID
      return [
        Step(record: record, change: .record, notices: notices, settlesPriceIncrease: true)
      ]
    case .transactionDeleted(let previous):
      // The subscription stands where its latest transaction left now leaves it: revoked with
      // it, active until its expiration, or expired then (ours: Apple does not say).
      record.productID = previous.productID
      record.expirationDate = previous.expirationDate ?? now
      if previous.revocationDate != nil {
        record.phase = .revoked
      } else if record.expirationDate <= now {
        record.expire(for: .autoRenewDisabled)
      } else {
        record.activate(previous.productID, until: record.expirationDate)
      }
      return [Step(record: record, change: .record)]
    }
  }

  /// A new subscription, or a resubscribe to `previous` (a subscription of the group that
  /// ended): one per account and group, keeping its `originalTransactionId`.
  private static func purchase(
    _ subscription: Subscription, resubscribing previous: SubscriptionRecord?, at now: Date,
    _ context: Context
  ) -> Step {
    let product = subscription.product
    let (expiration, periodsLeft) = firstPeriod(
      of: product, offer: subscription.offer, from: now, context.settings)
    var record =
      previous
      ?? SubscriptionRecord(
        originalID: subscription.transactionID, account: subscription.account,
        groupID: product.subscription?.subscriptionGroupID ?? "", productID: product.id,
        autoRenewProductID: product.id, willAutoRenew: true, phase: .active,
        expirationDate: expiration, recentStartDate: now, originalPurchaseDate: now,
        offerPeriodsLeft: 0)
    // `recentSubscriptionStartDate` (App Store Server API page): "the start date of the most
    // recent auto-renewable subscription purchase that's preceded by a gap in paid service of
    // more than 60 days" — more than, so 60 days exactly keep it (the page's abstract says
    // "ignores all lapses of paid service shorter than 60 days": the two disagree at exactly 60;
    // we follow the calculation's sentence). The gap runs from the end of paid service, billing
    // retry included ("counts a grace period or a billing retry state as a gap"), and 60 days
    // are scaled by the time rate like every period. A refund is no gap of its own.
    if previous != nil,
      now.timeIntervalSince(record.expirationDate) > context.settings.timeRate.sixtyDays
    {
      record.recentStartDate = now
    }
    record.purchase(
      product.id, until: expiration, offer: subscription.offer, periodsLeft: periodsLeft)
    // Renewals pay the price the customer bought at, a price set while running included:
    // existing subscribers keep their price until they consent to an increase.
    record.priceMilliunits = Pricing.milliunits(product.price)
    record.appAccountToken = subscription.appAccountToken
    // SUBSCRIBED: INITIAL_BUY the first time, RESUBSCRIBE when the customer comes back to the
    // group. OFFER_REDEEMED takes its place when the purchase redeems a promotional offer or an
    // offer code (no SUBSCRIBED goes beside it): "the customer redeemed a promotional offer or
    // offer code" (Apple's notificationType page; an offer code's first purchase arrives as
    // OFFER_REDEEMED / INITIAL_BUY, https://developer.apple.com/forums/thread/731832). An
    // introductory offer is no redemption: SUBSCRIBED, its transaction's offerType 1
    // (https://developer.apple.com/forums/thread/736694).
    let notice = Notice(
      redeems(subscription.offer) ? .offerRedeemed : .subscribed,
      previous == nil ? .initialBuy : .resubscribe)
    return Step(
      record: record,
      change: .transaction(
        NewTransaction(
          product: product, purchaseDate: now, expirationDate: expiration,
          offer: subscription.offer, reason: .purchase, id: subscription.transactionID)),
      notices: [notice])
  }

  /// Whether buying with `offer` redeems it (OFFER_REDEEMED): a promotional offer or an offer
  /// code.
  static func redeems(_ offer: SubscriptionOffer?) -> Bool {
    offer?.type == .promotional || offer?.type == .code
  }

  /// Turns auto-renew on or off (off also cancels a pending downgrade or crossgrade), and says
  /// what the App Store tells: DID_CHANGE_RENEWAL_STATUS when auto-renew changed;
  /// DID_CHANGE_RENEWAL_PREF without a subtype when turning it off only cancelled a pending
  /// change.
  @discardableResult
  private static func setAutoRenew(_ on: Bool, _ record: inout SubscriptionRecord) -> [Notice] {
    let wasOn = record.willAutoRenew
    let pending = record.autoRenewProductID
    record.willAutoRenew = on
    if !on {
      // Turning it off cancels what waited for the next renewal: a pending change and an offer
      // redeemed for it (ours: the renewal it was for will not happen).
      record.autoRenewProductID = record.productID
      record.pendingOfferID = nil
    }
    if wasOn != on {
      return [Notice(.didChangeRenewalStatus, on ? .autoRenewEnabled : .autoRenewDisabled)]
    }
    return pending != record.autoRenewProductID ? [Notice(.didChangeRenewalPreference)] : []
  }

  /// A purchase in a group where the customer is subscribed: StoreKit hands back the current
  /// transaction for the same product (turning auto-renew back on), upgrades or crossgrades
  /// to a product of the same duration at once, and defers a downgrade or a crossgrade to
  /// another duration to the next renewal.
  private static func change(
    _ record: inout SubscriptionRecord, to product: Product, offer: SubscriptionOffer?,
    id: UInt64?, at now: Date, _ context: Context
  ) -> Step {
    let current = context.products[record.productID]?.subscription
    let target = product.subscription
    // Turning auto-renew back on is DID_CHANGE_RENEWAL_STATUS AUTO_RENEW_ENABLED; otherwise
    // choosing another product to renew with is DID_CHANGE_RENEWAL_PREF: DOWNGRADE (or a
    // crossgrade that waits for the renewal), no subtype when the customer goes back to the
    // current product, cancelling the downgrade.
    let turnedOn = !record.willAutoRenew
    let pending = record.autoRenewProductID
    // An offer redeemed for what renews next waits for that renewal ("the offer period starts
    // at the next billing event … For downgrades or crossgrades to a different subscription
    // with different durations, the promotional offer period goes into effect at the next
    // renewal date", Apple's "Implementing promotional offers in your app"), and the App Store
    // tells OFFER_REDEEMED in place of the preference's notification: "If the subtype is
    // DOWNGRADE, the customer redeemed an offer to downgrade their active subscription, which
    // goes into effect at the next renewal date. If the customer redeemed an offer for their
    // active subscription, you receive an OFFER_REDEEMED notification type without a subtype"
    // (its notificationType page). A crossgrade that waits is a DOWNGRADE here, as for
    // DID_CHANGE_RENEWAL_PREF. Choosing another product to renew with, without an offer, drops
    // an offer that waited for the one chosen before (ours).
    func waitForRenewal() {
      if let offer {
        record.pendingOfferID = offer.id
      } else if pending != record.autoRenewProductID {
        record.pendingOfferID = nil
      }
    }
    func preferenceNotices() -> [Notice] {
      if offer != nil {
        return [
          Notice(.offerRedeemed, record.autoRenewProductID == record.productID ? nil : .downgrade)
        ]
      }
      if turnedOn { return [Notice(.didChangeRenewalStatus, .autoRenewEnabled)] }
      guard pending != record.autoRenewProductID else { return [] }
      return [
        Notice(
          .didChangeRenewalPreference,
          record.autoRenewProductID == record.productID ? nil : .downgrade)
      ]
    }
    if product.id == record.productID {
      let restored = !record.willAutoRenew || record.autoRenewProductID != product.id
      record.willAutoRenew = true
      record.autoRenewProductID = product.id
      waitForRenewal()
      if offer != nil {
        return Step(
          record: record,
          change: .scheduled(productID: product.id, date: max(record.expirationDate, now)),
          notices: preferenceNotices())
      }
      return Step(
        record: record, change: .kept(restoredRenewal: restored), notices: preferenceNotices())
    }
    let currentLevel = current?.groupLevel ?? Int.max
    let targetLevel = target?.groupLevel ?? Int.max
    let immediate =
      targetLevel < currentLevel
      || (targetLevel == currentLevel && target?.subscriptionPeriod == current?.subscriptionPeriod)
    guard immediate else {
      record.willAutoRenew = true
      record.autoRenewProductID = product.id
      waitForRenewal()
      return Step(
        record: record,
        change: .scheduled(productID: product.id, date: max(record.expirationDate, now)),
        notices: preferenceNotices())
    }
    let (expiration, periodsLeft) = firstPeriod(
      of: product, offer: offer, from: now, context.settings)
    record.purchase(product.id, until: expiration, offer: offer, periodsLeft: periodsLeft)
    record.priceMilliunits = Pricing.milliunits(product.price)
    // An upgrade (or a crossgrade of the same duration) takes effect at once, with a new
    // transaction: DID_CHANGE_RENEWAL_PREF UPGRADE (OFFER_REDEEMED UPGRADE with an offer).
    return Step(
      record: record,
      change: .upgrade(
        NewTransaction(
          product: product, purchaseDate: now, expirationDate: expiration, offer: offer,
          reason: .purchase, id: id)),
      notices: [Notice(redeems(offer) ? .offerRedeemed : .didChangeRenewalPreference, .upgrade)])
  }

  /// Moves one subscription to `now`: renews each period that ended (with the product that
  /// renews next), or expires it (auto-renew off, product gone, a price increase not agreed
  /// to), or enters billing retry (and its grace period) when billing issues are on, and ends
  /// the retry when the time rate's billing retry period is over (60 days in real time).
  private static func advance(
    _ record: inout SubscriptionRecord, to now: Date, _ context: Context,
    increase: inout Pricing.Increase?
  ) -> [Step] {
    var steps: [Step] = []
    let settings = context.settings
    while true {
      switch record.phase {
      case .active:
        guard record.expirationDate <= now else { return steps }
        let renewalDate = record.expirationDate
        guard record.willAutoRenew else {
          record.expire(for: .autoRenewDisabled)
          steps.append(expired(record))
          return steps
        }
        // Sandbox: "auto-renewable subscriptions renew up to 12 times after the initial
        // purchase" (Apple, "Testing an auto-renewable subscription"); "Subscriptions renew up to
        // 12 times before auto-renewal turns off on the thirteenth renewal attempt" (App Store
        // Connect Help, "Test in-app purchases"). Xcode and Production have no cap.
        if settings.environment == .sandbox, (record.renewalsSincePurchase ?? 0) >= 12 {
          record.willAutoRenew = false
          record.expire(for: .autoRenewDisabled)
          steps.append(expired(record))
          return steps
        }
        guard let next = context.products[record.autoRenewProductID], next.subscription != nil
        else {
          record.expire(for: .productUnavailable)
          steps.append(expired(record))
          return steps
        }
        if let pending = increase, pending.agreed != true {
          increase = nil
          record.expire(for: .didNotConsentToPriceIncrease)
          var step = expired(record)
          step.settlesPriceIncrease = true
          steps.append(step)
          return steps
        }
        if settings.billingIssuesEnabled {
          let period = period(of: record, context)
          record.phase = .billingRetry
          record.retryEndDate = renewalDate.addingTimeInterval(
            settings.timeRate.billingRetryPeriod(for: period))
          record.gracePeriodEndDate =
            settings.gracePeriodEnabled
            ? renewalDate.addingTimeInterval(settings.timeRate.gracePeriod(for: period)) : nil
          // DID_FAIL_TO_RENEW: "the subscription failed to renew due to a billing issue";
          // GRACE_PERIOD when the customer keeps access through a billing grace period.
          let notice = Notice(
            .didFailToRenew, record.gracePeriodEndDate == nil ? nil : .gracePeriod)
          steps.append(Step(record: record, change: .record, notices: [notice]))
          continue
        }
        var renewal = renew(&record, with: next, at: renewalDate, context, increase: &increase)
        renewal.notices = [Notice(.didRenew)]
        steps.append(renewal)
      case .billingRetry:
        // GRACE_PERIOD_EXPIRED: "the billing grace period has ended without renewing the
        // subscription": a due event of its own, told once, before what ends the retry.
        if let grace = record.gracePeriodEndDate, grace <= now, record.gracePeriodEnded != true {
          record.gracePeriodEnded = true
          steps.append(
            Step(record: record, change: .record, notices: [Notice(.gracePeriodExpired)]))
        }
        if let end = record.retryEndDate, end <= now {
          record.expire(for: .billingError)
          steps.append(expired(record))
        }
        return steps
      case .expired, .revoked:
        return steps
      }
    }
  }

  /// Recovers a subscription in billing retry at `now`: within the grace period the renewal
  /// keeps its date (no interruption); after it, the subscription restarts at `now`.
  ///
  /// Turning auto-renew off ends the retry (``apply(_:to:at:in:)``'s `autoRenew`), so a
  /// retrying subscription renews here. One whose auto-renew is off all the same (a state
  /// written before that rule) is not renewed: it expires now, for the billing error it lapsed
  /// with (our reading: nothing was bought, so nothing renews).
  private static func recover(
    _ record: inout SubscriptionRecord, at now: Date, _ context: Context
  ) -> [Step] {
    guard record.phase == .billingRetry else { return [] }
    guard record.willAutoRenew else {
      record.expire(for: .billingError)
      return [expired(record)]
    }
    let product =
      context.products[record.autoRenewProductID] ?? context.products[record.productID]
    guard let product else { return [] }
    var increase = context.priceIncrease
    // DID_RENEW BILLING_RECOVERY: "the expired subscription that previously failed to renew
    // has successfully renewed" (subtype page).
    if let grace = record.gracePeriodEndDate, now < grace {
      var renewal = renew(
        &record, with: product, at: record.expirationDate, context, increase: &increase)
      renewal.notices = [Notice(.didRenew, .billingRecovery)]
      return [renewal] + advance(&record, to: now, context, increase: &increase)
    }
    var renewal = renew(&record, with: product, at: now, context, increase: &increase)
    renewal.notices = [Notice(.didRenew, .billingRecovery)]
    return [renewal]
  }

  /// The step of a subscription that just expired, with its EXPIRED notification: its subtype
  /// says why (VOLUNTARY, BILLING_RETRY, PRICE_INCREASE, PRODUCT_NOT_FOR_SALE; none for another
  /// reason), as Apple's subtype page lists them.
  private static func expired(_ record: SubscriptionRecord) -> Step {
    let subtype: NotificationSubtype? =
      switch record.expirationReason {
      case .autoRenewDisabled?: .voluntary
      case .billingError?: .billingRetry
      case .didNotConsentToPriceIncrease?: .priceIncrease
      case .productUnavailable?: .productNotForSale
      default: nil
      }
    return Step(record: record, change: .record, notices: [Notice(.expired, subtype)])
  }

  /// A renewal with `product` that starts at `start`: at the new price when the customer agreed
  /// to a price increase (which it settles), at the offer's price while pay-as-you-go offer
  /// periods are left.
  private static func renew(
    _ record: inout SubscriptionRecord, with product: Product, at start: Date,
    _ context: Context, increase: inout Pricing.Increase?
  ) -> Step {
    var product = product
    var settles = false
    if product.id != record.productID {
      // Another product at this renewal (a downgrade or crossgrade that waited): its price.
      record.priceMilliunits = nil
    } else if let price = record.priceMilliunits {
      product = Pricing.repriced(product, milliunits: price)
    }
    if let agreed = increase, agreed.agreed == true {
      // From this renewal on, every renewal pays the price the customer agreed to.
      product = Pricing.repriced(product, milliunits: agreed.priceMilliunits)
      record.priceMilliunits = agreed.priceMilliunits
      increase = nil
      settles = true
    }
    var offer: SubscriptionOffer?
    var expiration = context.settings.timeRate.end(
      of: product.subscription?.subscriptionPeriod ?? .monthly, from: start)
    let codes = context.codeOffers[product.id] ?? []
    if let pending = record.pendingOfferID, product.id == record.autoRenewProductID,
      let redeemed = self.offer(pending, of: product, codes: codes)
    {
      // An offer redeemed while subscribed starts here, "at the next billing event" (Apple's
      // "Implementing promotional offers in your app"): this renewal pays its first period
      // (all of them, paid up front or free), and pay-as-you-go's others follow.
      offer = redeemed
      (expiration, record.offerPeriodsLeft) = firstPeriod(
        of: product, offer: redeemed, from: start, context.settings)
      record.offerID = redeemed.id
    } else if record.offerPeriodsLeft > 0, product.id == record.productID {
      offer = self.offer(record.offerID, of: product, codes: codes)
      record.offerPeriodsLeft -= 1
    } else {
      record.offerPeriodsLeft = 0
    }
    record.pendingOfferID = nil
    record.activate(product.id, until: expiration)
    record.renewalsSincePurchase = (record.renewalsSincePurchase ?? 0) + 1
    return Step(
      record: record,
      change: .transaction(
        NewTransaction(
          product: product, purchaseDate: start, expirationDate: expiration, offer: offer,
          reason: .renewal)),
      settlesPriceIncrease: settles)
  }

  /// When time passing next changes `record` (``Event/timePassed``): an active subscription at
  /// its renewal date; one in billing retry when its grace period ends (until that end is
  /// told), then when the retry ends; `nil` once it ended.
  package static func nextDue(of record: SubscriptionRecord) -> Date? {
    switch record.phase {
    case .active: record.expirationDate
    case .billingRetry:
      if let grace = record.gracePeriodEndDate, record.gracePeriodEnded != true {
        min(grace, record.retryEndDate ?? grace)
      } else {
        record.retryEndDate
      }
    case .expired, .revoked: nil
    }
  }

  // MARK: - Periods and offers

  /// The period of the subscription's current product (monthly when the catalog lost it).
  static func period(of record: SubscriptionRecord, _ context: Context) -> SubscriptionPeriod {
    context.products[record.productID]?.subscription?.subscriptionPeriod ?? .monthly
  }

  /// The end of a new subscription's first period, and how many more periods bill at the
  /// offer's price.
  static func firstPeriod(
    of product: Product, offer: SubscriptionOffer?, from start: Date,
    _ settings: EmulatorSettings
  ) -> (Date, Int) {
    let period = product.subscription?.subscriptionPeriod ?? .monthly
    guard let offer else { return (settings.timeRate.end(of: period, from: start), 0) }
    switch offer.paymentMode {
    case .payAsYouGo:
      return (settings.timeRate.end(of: period, from: start), max(0, offer.periodCount - 1))
    default:
      return (settings.timeRate.end(of: offer.period, from: start, count: offer.periodCount), 0)
    }
  }

  /// The offer `id` of `product`: a promotional offer, else a win-back offer, else one of
  /// `codes` (its offer codes, whose `id` is the code's reference name); its introductory
  /// offer for `nil`.
  static func offer(_ id: String?, of product: Product, codes: [SubscriptionOffer] = [])
    -> SubscriptionOffer?
  {
    guard let id else { return product.subscription?.introductoryOffer }
    return product.subscription?.promotionalOffers.first { $0.id == id }
      ?? product.subscription?.winBackOffers.first { $0.id == id }
      ?? codes.first { $0.id == id }
  }
}

extension SubscriptionRecord {
  /// Active on `productID` until `expiration`, out of any billing retry and its grace period.
  fileprivate mutating func activate(_ productID: String, until expiration: Date) {
    self.productID = productID
    expirationDate = expiration
    phase = .active
    expirationReason = nil
    retryEndDate = nil
    gracePeriodEndDate = nil
    gracePeriodEnded = nil
  }

  /// A new purchase of `productID`: active until `expiration`, renewing with it, with the
  /// `periodsLeft` periods of `offer` still to bill at its price.
  fileprivate mutating func purchase(
    _ productID: String, until expiration: Date, offer: SubscriptionOffer?, periodsLeft: Int
  ) {
    activate(productID, until: expiration)
    autoRenewProductID = productID
    willAutoRenew = true
    renewalsSincePurchase = 0
    offerPeriodsLeft = periodsLeft
    offerID = offer?.id
    pendingOfferID = nil
  }

  /// Expired for `reason`, out of any billing retry and its grace period.
  fileprivate mutating func expire(for reason: ExpirationReason) {
    phase = .expired
    expirationReason = reason
    pendingOfferID = nil
    retryEndDate = nil
    gracePeriodEndDate = nil
    gracePeriodEnded = nil
  }
}
