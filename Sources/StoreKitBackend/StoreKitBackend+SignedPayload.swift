#if canImport(StoreKit)
  import Foundation
  import StoreKit
  import os

  extension StoreKitBackend {
    /// The fields of a signed payload (StoreKit's `jsonRepresentation`) that StoreKit's Swift API
    /// does not expose in StoreModel's form, decoded one at a time: a field that is missing or
    /// of an unexpected shape is `nil` (and named in `unreadableFields`), and the others keep
    /// their values.
    struct SignedPayload: Decodable, Sendable {
      /// `type`: the product type's raw value.
      var type: String?
      /// `inAppOwnershipType`: `PURCHASED` or `FAMILY_SHARED`.
      var inAppOwnershipType: String?
      /// `transactionReason`: `PURCHASE` or `RENEWAL`.
      var transactionReason: String?
      /// `price`, in milli-units of the currency.
      var price: Int64?
      /// `offerDiscountType`: `FREE_TRIAL`, `PAY_AS_YOU_GO`, `PAY_UP_FRONT` or `ONE_TIME`.
      var offerDiscountType: String?
      /// `offerPeriod`, ISO 8601.
      var offerPeriod: String?
      /// `revocationType`: `REFUND_FULL`, `REFUND_PRORATED` or `FAMILY_REVOKE`.
      var revocationType: String?
      /// `revocationPercentage`, in milli-percent.
      var revocationPercentage: Int?
      /// `billingPlanType`: the billing plan the transaction was paid on (`BILLED_UPFRONT`).
      var billingPlanType: String?
      /// `appTransactionId`: the app transaction of the customer's copy of the app.
      var appTransactionId: String?
      /// `expirationIntent`: 1 cancelled, 2 billing error, 3 price increase refused, 4 product
      /// unavailable, 5 other.
      var expirationIntent: Int?
      /// `renewalPrice`, in milli-units of the currency.
      var renewalPrice: Int64?
      /// `eligibleWinBackOfferIds`: the win-back offers the customer may redeem now.
      var eligibleWinBackOfferIds: [String]?
      /// `appAccountToken`: the UUID the app gave the purchase (`PurchaseOption.appAccountToken`).
      var appAccountToken: UUID?
      /// `renewalBillingPlanType`: the billing plan the next renewal is paid on.
      var renewalBillingPlanType: String?
      /// The fields present in the payload whose values did not decode to their type.
      var unreadableFields: [String] = []

      init() {}

      init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Key.self)
        var unreadable: [String] = []
        func field<T: Decodable>(_ key: Key) -> T? {
          guard c.contains(key) else { return nil }
          do {
            return try c.decodeIfPresent(T.self, forKey: key)
          } catch {
            unreadable.append(key.rawValue)
            return nil
          }
        }
        type = field(.type)
        inAppOwnershipType = field(.inAppOwnershipType)
        transactionReason = field(.transactionReason)
        price = field(.price)
        offerDiscountType = field(.offerDiscountType)
        offerPeriod = field(.offerPeriod)
        revocationType = field(.revocationType)
        revocationPercentage = field(.revocationPercentage)
        billingPlanType = field(.billingPlanType)
        appTransactionId = field(.appTransactionId)
        expirationIntent = field(.expirationIntent)
        renewalPrice = field(.renewalPrice)
        eligibleWinBackOfferIds = field(.eligibleWinBackOfferIds)
        appAccountToken = field(.appAccountToken)
        renewalBillingPlanType = field(.renewalBillingPlanType)
        unreadableFields = unreadable
      }

      private enum Key: String, CodingKey {
        case type, inAppOwnershipType, transactionReason, price, offerDiscountType, offerPeriod
        case revocationType, revocationPercentage, billingPlanType, appTransactionId
        case expirationIntent, renewalPrice, eligibleWinBackOfferIds, appAccountToken
        case renewalBillingPlanType
      }

      /// The fields of `json`, each on its own; all `nil` when `json` is not a JSON object.
      /// Fields of an unexpected shape are logged.
      static func decoding(_ json: Data) -> SignedPayload {
        let payload: SignedPayload
        do {
          payload = try JSONDecoder().decode(SignedPayload.self, from: json)
        } catch {
          let reason = String(describing: error)
          StoreKitBackend.logger.error(
            "the signed payload is not a JSON object: \(reason, privacy: .public)")
          return SignedPayload()
        }
        if !payload.unreadableFields.isEmpty {
          let fields = payload.unreadableFields.joined(separator: ", ")
          StoreKitBackend.logger.error(
            "signed payload fields of an unexpected shape: \(fields, privacy: .public)")
        }
        return payload
      }
    }
  }
#endif
