import Foundation
import StoreModel

/// How the emulator commands write dates and transactions for people.
enum TextFormat {
  /// A date as `2026-02-01T00:00:00Z`.
  static func date(_ date: Date?) -> String {
    guard let date else { return "-" }
    return date.formatted(.iso8601)
  }

  /// One line of a transaction for people.
  static func line(_ transaction: Transaction) -> String {
    var parts = [
      "#\(transaction.id)", transaction.productID,
      transaction.reason?.rawValue.lowercased() ?? "purchase",
      "purchased \(date(transaction.purchaseDate))",
    ]
    if let expiration = transaction.expirationDate { parts.append("expires \(date(expiration))") }
    if transaction.originalID != transaction.id {
      parts.append("original #\(transaction.originalID)")
    }
    if transaction.ownershipType == .familyShared { parts.append("family shared") }
    if transaction.isUpgraded { parts.append("upgraded") }
    if let revocation = transaction.revocationDate {
      parts.append("revoked \(date(revocation))")
    }
    return parts.joined(separator: "  ")
  }

  /// ` UNVERIFIED (reason)` for a result that did not verify, else nothing.
  static func verificationMark(_ result: VerificationResult<Transaction>) -> String {
    guard let error = result.verificationError else { return "" }
    return "  UNVERIFIED (\(error))"
  }
}
