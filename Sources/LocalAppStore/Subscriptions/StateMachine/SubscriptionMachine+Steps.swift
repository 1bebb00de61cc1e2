package import AppStoreJWS
package import Foundation
package import StoreModel

/// The machine's vocabulary: the events it is given, and the steps it answers with, each with
/// what it makes beside the record and the notifications it tells.
extension SubscriptionMachine {
  /// What happens to a subscription.
  package enum Event {
    /// A purchase in a group without a live subscription: a new subscription or a resubscribe.
    case purchase(Subscription)
    /// A purchase in a group where the customer is subscribed: the same product again (auto-renew
    /// back on), an upgrade or a crossgrade of the same duration (at once), a downgrade or a
    /// crossgrade to another duration (at the next renewal). `transactionID` is the identifier
    /// an immediate change's transaction takes (an approved Ask to Buy request's), if any.
    case change(to: Product, offer: SubscriptionOffer?, transactionID: UInt64?)
    /// Time passed: every renewal due, billing failure, end of a grace period, end of billing
    /// retry and expiry up to the time, in date order.
    case timePassed
    /// The billing issue of a subscription in billing retry was resolved.
    case recovery
    /// A renewal forced now (`SKTestSession.forceRenewalOfSubscription`), with `product`, starting
    /// at `start`. Its page: "The testing environment also: Enables the subscription auto-renew
    /// state; Removes a pending price increase, setting it to […] noIncreasePending", and "doesn't
    /// change the billing retry state with this call" — a subscription in billing retry stays so.
    case forcedRenewal(Product, start: Date)
    /// The subscription expires now (`SKTestSession.expireSubscription`).
    case expiry
    /// Its latest transaction was refunded.
    case refund
    /// The refund of its latest transaction was reversed: it is back, and catches up with the time.
    case refundReversed
    /// A family member's copy: the purchaser stopped sharing with them.
    case familyUnshare
    /// The customer turned auto-renew on or off.
    case autoRenew(Bool)
    /// The renewal date moved to `date` ("Extend a Subscription Renewal Date").
    case renewalExtension(to: Date)
    /// The customer was asked to consent to a price increase.
    case priceIncreaseRequested
    /// The customer answered a price increase.
    case priceIncreaseAnswer(agreed: Bool)
    /// Its latest transaction was deleted: `previous` is the latest now.
    case transactionDeleted(previous: Transaction)
  }

  /// A transaction a step makes, to sign and record before the step's record is saved.
  package struct NewTransaction {
    /// The product, at the price the transaction charges.
    package var product: Product
    /// The period it pays for.
    package var purchaseDate: Date, expirationDate: Date
    /// The offer it redeems, whose price it charges instead.
    package var offer: SubscriptionOffer?
    /// A purchase, or a renewal (delivered through `Transaction.updates`: the app did not ask).
    package var reason: TransactionReason
    var isDelivered: Bool { reason == .renewal }
    /// A preset identifier (a new purchase's, allocated before).
    var id: UInt64?
  }

  /// What one step changes beside the record.
  package enum Change {
    /// A new transaction (a purchase, a renewal).
    case transaction(NewTransaction)
    /// An upgrade: the latest transaction is marked upgraded, then the new one is recorded.
    case upgrade(NewTransaction)
    /// A purchase of the product the customer has: its current transaction is handed back;
    /// `restoredRenewal` when auto-renew came back on or a pending change was cancelled.
    case kept(restoredRenewal: Bool)
    /// A purchase that takes effect at the next renewal: `productID` renews on `date` (a
    /// downgrade, a crossgrade to another duration, or an offer redeemed on either or on the
    /// product the customer has).
    case scheduled(productID: String, date: Date)
    /// Only the record changes.
    case record
    /// The record does not change (the step only makes its notices).
    case unchanged
  }

  /// A notification the App Store sends a server for a step: its `notificationType` and
  /// `subtype` (Apple's pages of both, App Store Server Notifications V2). The notifier signs
  /// it with the step's record and the subscription's latest transaction.
  package struct Notice: Equatable, Sendable {
    package var type: NotificationType
    var subtype: NotificationSubtype?

    package init(_ type: NotificationType, _ subtype: NotificationSubtype? = nil) {
      self.type = type
      self.subtype = subtype
    }
  }

  /// One step of a transition: the record it leaves, what else it makes, and what it tells.
  package struct Step {
    package var record: SubscriptionRecord
    package var change: Change
    /// The notifications the step makes, in the order the App Store sends them.
    package var notices: [Notice] = []
    /// Whether the subscription's pending price increase is settled (agreed and renewed at,
    /// declined, expired for, or removed by a forced renewal).
    var settlesPriceIncrease = false

    /// A step leaving `record`, making `change` and telling `notices`.
    package init(
      record: SubscriptionRecord, change: Change, notices: [Notice] = [],
      settlesPriceIncrease: Bool = false
    ) {
      self.record = record
      self.change = change
      self.notices = notices
      self.settlesPriceIncrease = settlesPriceIncrease
    }
  }

  /// What an event does to a subscription: its steps, in order. Empty when the event changes
  /// nothing (time passed before the renewal date, a recovery of a subscription not retrying).
  package struct Transition {
    package var steps: [Step] = []

    /// The record after the event, if it changed.
    package var record: SubscriptionRecord? { steps.last?.record }

    /// The transactions its steps make, in order.
    package var newTransactions: [NewTransaction] {
      steps.compactMap {
        switch $0.change {
        case .transaction(let made), .upgrade(let made): made
        default: nil
        }
      }
    }
  }
}
