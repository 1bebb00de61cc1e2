package import Foundation

/// A purchase that waits for a parent's approval: StoreKitTest's `SKTestTransaction` with
/// `pendingAskToBuyConfirmation`.
///
/// Its ``id`` becomes the transaction's identifier when the request is approved.
package struct AskToBuyRequest: Sendable, Hashable, Codable {
  /// What became of a request.
  package enum Status: String, Sendable, Hashable, Codable {
    /// Waiting for the parent.
    case pending
    /// Approved: the transaction was made and delivered through `Transaction.updates`.
    case approved
    /// Declined: nothing was bought and nothing was delivered.
    case declined
  }

  /// The identifier the transaction will have.
  package var id: UInt64
  /// The child's account, the one that gets the purchase when a parent approves.
  package var account: String
  package var productID: String
  /// When the child asked.
  package var requestDate: Date
  /// Pending, approved or declined.
  package var status: Status

  /// Creates a request.
  package init(id: UInt64, account: String, productID: String, requestDate: Date, status: Status) {
    self.id = id
    self.account = account
    self.productID = productID
    self.requestDate = requestDate
    self.status = status
  }
}
