package import Foundation

extension Catalog {
  /// A product with everything its `.storekit` entry says beyond ``Product``.
  package struct Entry: Sendable, Hashable, Identifiable {
    /// The product as StoreKit shows it, in the catalog's locale and storefront.
    package let product: Product
    /// The entry's `type` as written: `Consumable`, `RecurringSubscription`, `SubscriptionSuite`.
    package let configurationType: String
    /// `referenceName`: the internal name (may be `null` in 1.1 files).
    package let referenceName: String?
    /// `internalID`: Xcode's or App Store Connect's id of the entry.
    package let internalID: String?
    /// `promotionalImageID` (format 4.0+): names `Assets/<ID>.png` in a package.
    package let promotionalImageID: String?
    /// Every localization, in file order.
    package let localizations: [Localization]
    /// Introductory offers of every billing plan (`introductoryOffers`, else
    /// `introductoryOffer`); ``Product/SubscriptionInfo/introductoryOffer`` is the one of the
    /// billed-up-front plan.
    package let introductoryOffers: [Offer]
    /// Promotional offers (`adHocOffers`), keyed by `offerID`.
    package let promotionalOffers: [Offer]
    /// Offer codes (`codeOffers`), keyed by `referenceName`.
    package let codeOffers: [Offer]
    /// Win-back offers (`winbackOffers`), keyed by `offerID`.
    package let winBackOffers: [Offer]
    /// Billing plans (format 5.0+).
    package let billingPlans: [BillingPlan]

    package var id: String { product.id }

    /// The promotional offer whose `offerID` is `id`.
    package func promotionalOffer(id: String) -> Offer? {
      promotionalOffers.first { $0.offer.id == id }
    }

    /// The offer code whose `referenceName` is `referenceName`: StoreKit's
    /// `Product.PurchaseOption.codeOffer(referenceName:)`.
    package func codeOffer(referenceName: String) -> Offer? {
      codeOffers.first { $0.referenceName == referenceName }
    }

    /// The win-back offer whose `offerID` is `id`.
    package func winBackOffer(id: String) -> Offer? {
      winBackOffers.first { $0.offer.id == id }
    }
  }

  /// A subscription offer with everything its `.storekit` entry says beyond
  /// ``SubscriptionOffer``.
  package struct Offer: Sendable, Hashable {
    /// The offer as StoreKit shows it.
    package let offer: SubscriptionOffer
    /// `paymentMode` as written: `free`, `payAsYouGo`, `payUpFront`.
    package let configurationPaymentMode: String
    /// `referenceName`: the offer code's key; a label for the others.
    package let referenceName: String?
    /// `internalID`: Xcode's own identifier of the offer in the file.
    package let internalID: String?
    /// `billingPlanType` (format 5.0+): the billing plan it applies to (`BILLED_UPFRONT`).
    package let billingPlanType: String?
    /// `eligibility` of an offer code, as written: any of `new`, `existing`, `expired`.
    package let eligibility: [String]
    /// `isStackable` of an offer code.
    package let isStackable: Bool?
    /// `isEligible` of a win-back offer: Xcode's switch that simulates eligibility.
    package let isEligible: Bool?

  }

  /// A billing plan of a subscription (format 5.0+).
  package struct BillingPlan: Sendable, Hashable {
    /// The ordinary plan: the whole period paid up front.
    package static let billedUpFront = "BILLED_UPFRONT"
    /// A yearly commitment paid in monthly instalments.
    package static let monthly = "MONTHLY"

    /// `billingPlanType`: ``billedUpFront``, ``monthly``, or a type added later.
    package let type: String
    /// `displayPrice`: the price of one payment (the monthly instalment of a ``monthly`` plan).
    package let price: Decimal?
    /// `commitmentDisplayPrice`: the price of the whole commitment.
    package let commitmentPrice: Decimal?
    /// `internalID`: Xcode's own identifier of the billing plan in the file.
    package let internalID: String?
    /// `isEnabled`; `true` when absent.
    package let isEnabled: Bool

  }
}
