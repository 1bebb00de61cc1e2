import Foundation
import StoreModel

/// The store's side of signing (``StoreSigning``): which fault applies, which the ledger keeps.
extension LocalAppStore {
  /// Signs `transaction` as of `now` and verifies the token as an app would.
  ///
  /// An armed `verification` fault signs with another certificate authority (a whole foreign
  /// chain the verifier does not trust), a `tamper` fault alters the payload after signing:
  /// either way the verifier, not a flag, rejects it.
  func signed(_ transaction: Transaction, now: Date) throws(LocalAppStoreError)
    -> VerificationResult<Transaction>
  {
    let payloadFault = try signingFault()
    return try signing.signed(transaction, now: now, fault: payloadFault)
  }

  /// Signs the transaction a purchase hands back; unless a `verification` or `tamper` fault
  /// was armed, a token that does not verify is the store's own failure (its certificate
  /// authority does not hold at `now`): it throws, so that the purchase's SQLite transaction
  /// rolls back and nothing is recorded.
  func signedPurchase(_ transaction: Transaction, now: Date) throws(LocalAppStoreError)
    -> VerificationResult<Transaction>
  {
    let faulted = try ledger.faults().keys.contains { $0 == .verification || $0 == .tamper }
    let result = try signed(transaction, now: now)
    if !faulted, let error = result.verificationError {
      throw LocalAppStoreError(
        .signing,
        "the store's own signature on transaction \(transaction.id) does not verify at "
          + "\(now.formatted(.iso8601)) (\(error)); nothing was recorded")
    }
    return result
  }

  /// Signs renewal info and verifies it as an app would.
  func signed(_ info: RenewalInfo) throws(LocalAppStoreError) -> VerificationResult<RenewalInfo> {
    let payloadFault = try signingFault()
    return try signing.signed(info, fault: payloadFault)
  }

  /// `appTransaction` signed in the store's environment, then verified as a device does.
  func signed(_ appTransaction: AppTransaction) throws(LocalAppStoreError)
    -> VerificationResult<AppTransaction>
  {
    let payloadFault = try signingFault()
    return try signing.signed(appTransaction, fault: payloadFault)
  }

  /// The `verification` or `tamper` fault the next token takes, disarmed unless sticky.
  private func signingFault() throws(LocalAppStoreError) -> Fault? {
    try consumeFault([.verification, .tamper])
  }
}
