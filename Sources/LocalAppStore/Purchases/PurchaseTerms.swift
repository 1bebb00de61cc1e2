package import Foundation
import StoreModel

/// What a purchase applies once its options are checked (``Offers/terms(_:for:account:now:settings:)``):
/// the app account token, the quantity, the offer and the server's word on the introductory
/// offer.
///
/// An Ask to Buy request keeps its terms, so that an approval applies what was checked when
/// the customer asked: a signature's nonce is spent then, and the approval does not check it
/// again. Written with the keys older states used for a request's options
/// (`appAccountToken`, `quantity`, `promotionalOffer`), which read as before.
package struct PurchaseTerms: Sendable, Hashable {
  /// The offer a purchase applies.
  package enum Offer: Sendable, Hashable {
    /// A promotional offer, by identifier.
    case promotional(String)
    /// A win-back offer, by identifier.
    case winBack(String)
    /// An offer code, by its reference name.
    case code(String)
  }

  /// The UUID the app attaches; the transaction carries it.
  package var appAccountToken: UUID?
  /// How many of a consumable.
  package var quantity = 1
  /// The offer applied instead of the introductory offer, if any.
  package var offer: Offer?
  /// The developer's server's `allowIntroductoryOffer`, overriding the App Store's own
  /// eligibility rule; `nil` when the purchase carried no eligibility JWS.
  package var introductoryOfferAllowed: Bool?
  /// The nonces of the signatures checked, spent once the purchase is made or asked for (not
  /// kept with an Ask to Buy request: they are spent when it is made).
  var nonces: [String] = []

  /// Terms with nothing but defaults.
  package init(
    appAccountToken: UUID? = nil, quantity: Int = 1, offer: Offer? = nil,
    introductoryOfferAllowed: Bool? = nil
  ) {
    self.appAccountToken = appAccountToken
    self.quantity = quantity
    self.offer = offer
    self.introductoryOfferAllowed = introductoryOfferAllowed
  }

  /// The terms as an Ask to Buy request keeps them: a JSON object of strings.
  package var encoded: String {
    var fields: [String: String] = [:]
    fields["appAccountToken"] = appAccountToken?.uuidString
    if quantity != 1 { fields["quantity"] = String(quantity) }
    switch offer {
    case .promotional(let id)?: fields["promotionalOffer"] = id
    case .winBack(let id)?: fields["winBackOffer"] = id
    case .code(let name)?: fields["codeOffer"] = name
    case nil: break
    }
    fields["introductoryOfferAllowed"] = introductoryOfferAllowed.map { $0 ? "true" : "false" }
    let data = (try? JSONEncoder().encode(fields)) ?? Data("{}".utf8)
    return String(decoding: data, as: UTF8.self)
  }

  /// The terms `text` keeps (``encoded``).
  /// - Throws: `stateUnreadable` when `text` is not the terms' JSON: a request approved with
  ///   its terms lost would be bought without its offer, quantity or token (it once was).
  package init(decoding text: String) throws(LocalAppStoreError) {
    let fields: [String: String]
    do {
      fields = try JSONDecoder().decode([String: String].self, from: Data(text.utf8))
    } catch {
      throw LocalAppStoreError(
        .stateUnreadable, "a waiting request's purchase terms do not read (\(text)): \(error)")
    }
    appAccountToken = fields["appAccountToken"].flatMap(UUID.init(uuidString:))
    quantity = fields["quantity"].flatMap(Int.init) ?? 1
    offer =
      fields["promotionalOffer"].map(Offer.promotional)
      ?? fields["winBackOffer"].map(Offer.winBack) ?? fields["codeOffer"].map(Offer.code)
    introductoryOfferAllowed = fields["introductoryOfferAllowed"].map { $0 == "true" }
  }
}
