package import AppStoreJWS
package import Foundation
package import StoreModel

/// The notifier: what an operation's steps said happened, signed and stored as App Store Server
/// Notifications V2 before the operation commits.
///
/// It infers nothing. The subscription machine's steps carry their notices
/// (``SubscriptionMachine/Step/notices``) and the store's other writes emit theirs where they
/// happen (a one-time purchase, a refund and its reversal, a declined refund request); the
/// notifier keeps them in order, then signs each with what it is about and stores it in the
/// operation's SQLite transaction, so that a notification is never lost, nor made for a change
/// that rolled back. One notifier serves a store's operations, one at a time (it lives in the
/// store's isolation).
package final class Notifier {
  /// What a notification is about, which says what it is signed with.
  package enum Subject: Equatable {
    /// A subscription as a step left it: signed with transaction `transactionID` (the
    /// subscription's latest when the step was recorded; its latest at signing when `nil`) and
    /// with the record's renewal info and `status`.
    case subscription(SubscriptionRecord, transactionID: UInt64?)
    /// One transaction: signed with it, and with its subscription's renewal info when it is
    /// one's (a one-time purchase, its refund or its reversal, a declined refund request).
    case transaction(UInt64)
  }

  /// A notification a step emitted, not yet signed.
  package struct Emitted: Equatable {
    package var notice: SubscriptionMachine.Notice
    package var subject: Subject
  }

  /// What the operation emitted so far, in order.
  private(set) var pending: [Emitted] = []

  /// A notifier with nothing pending.
  package init() {}

  /// Emits `notice` about `subject`.
  package func emit(_ notice: SubscriptionMachine.Notice, about subject: Subject) {
    pending.append(Emitted(notice: notice, subject: subject))
  }

  /// Emits the notices of a subscription step.
  package func emit(
    _ notices: [SubscriptionMachine.Notice], about record: SubscriptionRecord,
    transactionID: UInt64?
  ) {
    for notice in notices {
      emit(notice, about: .subscription(record, transactionID: transactionID))
    }
  }

  /// What was emitted since the last call, cleared (also what a rolled-back operation emitted).
  package func takePending() -> [Emitted] {
    defer { pending = [] }
    return pending
  }

  // MARK: - Signing and storing

  /// How the notifier signs: the store's signing part over a payload, and the renewal info of a
  /// record as the App Store signs it at the operation's time.
  package struct Signer {
    var environment: AppStoreEnvironment
    var sign: (Data) throws(LocalAppStoreError) -> String
    var renewalInfo: (SubscriptionRecord) throws(LocalAppStoreError) -> RenewalInfo

    /// A signer for `environment`, signing with `sign`, renewal info made by `renewalInfo`.
    package init(
      environment: AppStoreEnvironment, sign: @escaping (Data) throws(LocalAppStoreError) -> String,
      renewalInfo: @escaping (SubscriptionRecord) throws(LocalAppStoreError) -> RenewalInfo
    ) {
      self.environment = environment
      self.sign = sign
      self.renewalInfo = renewalInfo
    }
  }

  /// Signs and stores each of `emitted` at `now`, in order, due at once.
  /// - Returns: Each one as it was resolved (its account and original transaction).
  @discardableResult
  package static func store(
    _ emitted: [Emitted], at now: Date, data: ServerNotification.NotificationData,
    in ledger: LedgerStore, signer: Signer
  ) throws(LocalAppStoreError) -> [EmittedNotification] {
    var resolved: [EmittedNotification] = []
    for each in emitted {
      var transaction: Transaction?
      var record: SubscriptionRecord?
      let account: String
      switch each.subject {
      case .subscription(let subscription, let transactionID):
        record = subscription
        account = subscription.account
        if let transactionID { transaction = try ledger.transaction(transactionID)?.transaction }
        if transaction == nil {
          transaction =
            try ledger.latestTransaction(
              account: subscription.account, originalID: subscription.originalID)?.transaction
        }
      case .transaction(let id):
        guard let stored = try ledger.transaction(id) else { continue }
        transaction = stored.transaction
        account = stored.account
        if stored.transaction.productType == .autoRenewable {
          record = try ledger.subscription(originalID: stored.transaction.originalID)
        }
      }
      let originalID = record?.originalID ?? transaction?.originalID
      resolved.append(
        EmittedNotification(
          notificationType: each.notice.type, subtype: each.notice.subtype, account: account,
          originalTransactionID: originalID))
      var payload = data
      if var transaction {
        transaction.signedDate = now
        transaction.environment = signer.environment
        transaction.jwsRepresentation = ""
        payload.signedTransactionInfo = try signer.sign(PayloadWriter.json(of: transaction))
      }
      if let record {
        var info = try signer.renewalInfo(record)
        info.environment = signer.environment
        payload.signedRenewalInfo = try signer.sign(PayloadWriter.json(of: info))
        payload.status = SubscriptionMachine.state(of: record, at: now).state
      }
      try store(
        ServerNotification(
          notificationType: each.notice.type, subtype: each.notice.subtype,
          notificationUUID: try ledger.nextNotificationUUID(), version: "2.0", signedDate: now,
          data: payload),
        created: now, account: account, originalID: originalID, in: ledger,
        signer: signer)
    }
    return resolved
  }

  /// Signs `notification` and stores it as made at `created`, due at once.
  static func store(
    _ notification: ServerNotification, created: Date, account: String, originalID: UInt64?,
    in ledger: LedgerStore, signer: Signer
  ) throws(LocalAppStoreError) {
    guard let uuid = notification.notificationUUID else {
      throw LocalAppStoreError(.invalidState, "a notification to store has no notificationUUID")
    }
    // The writer's bytes, which the encoder's equal (PayloadWriterTests); the encoder for a
    // value the writer does not write.
    var payload = PayloadWriter.json(of: notification) ?? Data()
    if payload.isEmpty {
      do {
        payload = try AppStoreJSON.encoder().encode(notification)
      } catch {
        throw LocalAppStoreError(.invalidState, "cannot encode notification \(uuid): \(error)")
      }
    }
    let signed = try signer.sign(payload)
    try ledger.insertNotification(
      uuid: uuid, created: created, account: account, originalID: originalID,
      type: notification.notificationType.rawValue, subtype: notification.subtype?.rawValue,
      signedPayload: signed, nextAttempt: created,
      environment: notification.data?.environment ?? signer.environment)
  }
}

/// A notification the store's steps emitted, as tests compare it with those it stored.
package struct EmittedNotification: Sendable, Hashable {
  package var notificationType: NotificationType
  package var subtype: NotificationSubtype?
  /// The customer it is about (a family member's copy is theirs).
  package var account: String
  /// The subscription's (or the purchase's) original transaction identifier.
  package var originalTransactionID: UInt64?

  package init(
    notificationType: NotificationType, subtype: NotificationSubtype?, account: String,
    originalTransactionID: UInt64?
  ) {
    self.notificationType = notificationType
    self.subtype = subtype
    self.account = account
    self.originalTransactionID = originalTransactionID
  }
}
