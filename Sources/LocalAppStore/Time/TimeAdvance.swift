package import Foundation
package import StoreModel

/// What a move of the stored time changed (``LocalAppStore/advanceTimeReporting(by:)``): the
/// time it reached and the transactions its transitions recorded.
package struct TimeAdvance: Sendable, Hashable {
  /// A transaction an operation recorded (a move of the time, or a purchase's family copies),
  /// with the account it belongs to.
  package struct NewTransaction: Sendable, Hashable {
    package var account: String
    package var transaction: Transaction
  }

  /// The stored time after the move.
  package var date: Date
  /// The transactions recorded (renewals, and family members' copies of them), in the order
  /// they were made.
  package var newTransactions: [NewTransaction]

  /// The transactions recorded for `account`, oldest first, as its history lists them.
  package func newTransactions(of account: String) -> [Transaction] {
    newTransactions.filter { $0.account == account }.map(\.transaction)
  }
}
