/// An App Store Server API error: Apple's HTTP status, `errorCode` and `errorMessage`.
///
/// The codes and the statuses are Apple's (the App Store Server API's error pages; the names are
/// those of Apple's Python client's `APIError`, 3.1.2). Apple's exact messages are known for
/// eight codes, from the fixtures of Apple's own library tests; the others are ours, and the
/// clients need only that one is there (the Python client reads `errorMessage` as it reads
/// `errorCode`).
package struct APIError: Error, Sendable, Hashable {
  package var status: Int
  package var code: Int
  package var message: String

  package init(_ status: Int, _ code: Int, _ message: String) {
    self.status = status
    self.code = code
    self.message = message
  }

  var response: APIResponse {
    .json(
      status,
      .object([("errorCode", .int(Int64(code))), ("errorMessage", .string(message))]),
      cause: "\(code) \(message)")
  }

  /// The same error with a more precise message.
  func saying(_ message: String) -> APIError { APIError(status, code, message) }

  // MARK: 400

  static let generalBadRequest = APIError(400, 4_000_000, "Bad request.")
  static let invalidRequestRevision = APIError(400, 4_000_005, "Invalid request revision.")
  /// Apple's message (its library's fixtures).
  static let invalidTransactionID = APIError(400, 4_000_006, "Invalid transaction id.")
  static let invalidOriginalTransactionID = APIError(
    400, 4_000_008, "Invalid original transaction id.")
  static let invalidExtendByDays = APIError(
    400, 4_000_009, "Invalid extend by days value: it is 1 to 90.")
  static let invalidExtendReasonCode = APIError(
    400, 4_000_010, "Invalid extend reason code: it is 0 to 3.")
  static let invalidRequestIdentifier = APIError(400, 4_000_011, "Invalid request identifier.")
  static let startDateTooFarInPast = APIError(400, 4_000_012, "Start date is too far in the past.")
  static let startDateAfterEndDate = APIError(400, 4_000_013, "Start date is after end date.")
  static let invalidPaginationToken = APIError(400, 4_000_014, "Invalid pagination token.")
  static let invalidStartDate = APIError(400, 4_000_015, "Invalid start date.")
  static let invalidEndDate = APIError(400, 4_000_016, "Invalid end date.")
  static let invalidNotificationType = APIError(400, 4_000_018, "Invalid notification type.")
  static let multipleFiltersSupplied = APIError(
    400, 4_000_019, "Invalid request: give a transactionId or a notificationType, not both.")
  static let invalidTestNotificationToken = APIError(
    400, 4_000_020, "Invalid test notification token.")
  static let invalidSort = APIError(400, 4_000_021, "Invalid sort: ASCENDING or DESCENDING.")
  static let invalidProductType = APIError(400, 4_000_022, "Invalid product type.")
  static let invalidProductID = APIError(400, 4_000_023, "Invalid product id.")
  static let invalidSubscriptionGroupIdentifier = APIError(
    400, 4_000_024, "Invalid subscription group identifier.")
  static let invalidInAppOwnershipType = APIError(400, 4_000_026, "Invalid in-app ownership type.")
  static let invalidRevoked = APIError(400, 4_000_030, "Invalid revoked value: true or false.")
  static let invalidStatus = APIError(400, 4_000_031, "Invalid status value: 1 to 5.")
  static let invalidCustomerConsented = APIError(
    400, 4_000_035, "Invalid request. The customer must consent.")
  static let invalidDeliveryStatus = APIError(400, 4_000_036, "Invalid delivery status.")
  static let invalidConsumptionPercentage = APIError(
    400, 4_000_041, "Invalid consumption percentage: 0 to 100000.")
  /// Apple's message (its library's fixtures).
  static let invalidAppAccountTokenUUID = APIError(
    400, 4_000_183, "Invalid request. The app account token field must be a valid UUID.")
  /// Apple's message (its library's fixtures).
  static let familyTransactionNotSupported = APIError(
    400, 4_000_185,
    "Invalid request. Family Sharing transactions aren't supported by this endpoint.")
  /// Apple's message (its library's fixtures).
  static let transactionIDIsNotOriginal = APIError(
    400, 4_000_187,
    "Invalid request. The transaction ID provided is not an original transaction ID.")

  // MARK: 403

  static let subscriptionExtensionIneligible = APIError(
    403, 4_030_004, "The subscription doesn't qualify for a renewal-date extension.")
  static let subscriptionMaxExtension = APIError(
    403, 4_030_005, "The subscription has had the most renewal-date extensions in 365 days.")
  static let familySharedSubscriptionExtensionIneligible = APIError(
    403, 4_030_007, "A family-shared subscription's renewal date cannot be extended.")

  // MARK: 404

  static let originalTransactionIDNotFound = APIError(
    404, 4_040_005, "Original transaction id not found.")
  static let serverNotificationURLNotFound = APIError(
    404, 4_040_007, "No App Store Server Notifications URL is set for this environment.")
  static let testNotificationNotFound = APIError(
    404, 4_040_008, "The test notification isn't yet available or wasn't found.")
  /// Apple's message (its library's fixtures).
  static let transactionIDNotFound = APIError(404, 4_040_010, "Transaction id not found.")

  // MARK: 429, 500

  /// Apple's message (its library's fixtures).
  static let rateLimitExceeded = APIError(429, 4_290_000, "Rate limit exceeded.")
  /// Apple's message (its library's fixtures).
  static let generalInternal = APIError(500, 5_000_000, "An unknown error occurred.")
  static let generalInternalRetryable = APIError(
    500, 5_000_001, "An error occurred. Try again later.")
}
