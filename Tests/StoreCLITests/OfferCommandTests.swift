import Foundation
import StoreCLI
import TestSupport
import Testing

/// Offers from the terminal: `buy`'s offer options, checked as the App Store checks them, and
/// `offer-signature`, which prints what a server would send.
@Suite struct OfferCommandTests {
  private func json(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
  }

  @Test(
    "buy with offers: the trial first, a promotional offer refused to a new customer, applied once lapsed, a win-back offer"
  )
  func buyWithOffers() async throws {
    let session = try await EmulatorSession.withOffers()
    defer { session.remove() }
    let first = try json(await session.run("buy", "com.sportstime.pro.monthly", "--json").out)
    let trial = try #require(
      (first["transaction"] as? [String: Any])?["transaction"] as? [String: Any])
    #expect(trial["offerType"] as? Int == 1)
    #expect(trial["price"] as? Int == 0)

    let stranger = await session.run(
      "buy", "com.sportstime.pro.monthly", "--promo-offer", "LOYALTY", "--account", "alex")
    #expect(stranger.code == 1)
    #expect(stranger.err.contains("ineligible for offer"), "\(stranger.err)")

    #expect(await session.run("disable-auto-renew", "1").code == 0)
    #expect(await session.run("advance", "40d").code == 0)
    let promo = try json(
      await session.run(
        "buy", "com.sportstime.pro.monthly", "--promo-offer", "LOYALTY", "--json"
      ).out)
    let promoted = try #require(
      (promo["transaction"] as? [String: Any])?["transaction"] as? [String: Any])
    #expect(promoted["offerType"] as? Int == 2)
    #expect(promoted["offerID"] as? String == "LOYALTY")
    #expect(promoted["price"] as? Int == 2990)

    let unknown = await session.run(
      "buy", "com.sportstime.pro.annual", "--win-back", "WINBACK50")
    #expect(unknown.code == 1)
    #expect(unknown.err.contains("no win-back offer WINBACK50"))
  }

  @Test("offer-signature prints both forms, with the same key each time; its words are checked")
  func offerSignature() async throws {
    let session = try await EmulatorSession.withOffers()
    defer { session.remove() }
    let nonce = "d9e70cf1-1df7-41f7-977c-c83dc4f57ac8"
    let first = try json(
      await session.run(
        "offer-signature", "LOYALTY", "com.sportstime.pro.monthly", "--nonce", nonce, "--json"
      ).out)
    #expect(first["nonce"] as? String == nonce)
    #expect(first["timestamp"] as? String == "1767225600000")
    let signature = try #require(first["signature"] as? String)
    #expect(Data(base64Encoded: signature)?.first == 0x30, "a DER SEQUENCE")
    let second = try json(
      await session.run("offer-signature", "LOYALTY", "com.sportstime.pro.monthly", "--json").out)
    #expect(second["keyID"] as? String == first["keyID"] as? String)
    let jws = await session.run(
      "offer-signature", "LOYALTY", "com.sportstime.pro.monthly", "--jws")
    #expect(jws.code == 0)
    #expect(jws.out.split(separator: ".").count == 3)
    #expect(await session.run("offer-signature", "LOYALTY").code == 2)
    let badNonce = await session.run(
      "offer-signature", "LOYALTY", "com.sportstime.pro.monthly", "--nonce", "x")
    #expect(badNonce.code == 1)
    #expect(badNonce.err.contains("'x' is not a UUID"))
    // An offer the catalog does not have is not signed (it once signed an empty one).
    for (offer, product) in [
      ("", "com.sportstime.pro.monthly"), ("LOYALTI", "com.sportstime.pro.monthly"),
      ("LOYALTY", "com.sportstime.pro.weekly"),
    ] {
      let refused = await session.run("offer-signature", offer, product)
      #expect(refused.code == 1, "\(offer) \(product)")
      #expect(refused.err.contains("no promotional offer") || refused.err.contains("no product"))
    }
    let refused = await session.run("offer-signature", "", "com.sportstime.pro.monthly")
    #expect(refused.err.contains("(it has LOYALTY, FIRSTMONTHFREE)"), "\(refused.err)")
    let help = await session.run("offer-signature", "--help")
    #expect(help.out.contains("promotionalOffer(offerID:keyID:nonce:signature:timestamp:)"))
    #expect(help.out.contains("  --json"))
  }

  @Test("redeem-offer-code: a new customer's free month, refused to whom the code is not for")
  func redeemOfferCode() async throws {
    let session = try await EmulatorSession.withOffers()
    defer { session.remove() }
    let redeemed = try json(await session.run("redeem-offer-code", "FREEMONTH", "--json").out)
    #expect(redeemed["offerType"] as? Int == 3)
    #expect(redeemed["offerID"] as? String == "FREEMONTH")
    #expect(redeemed["price"] as? Int == 0)
    let again = await session.run("redeem-offer-code", "FREEMONTH")
    #expect(again.code == 1)
    #expect(again.err.contains("is for new, expired customers"))
    let unknown = await session.run("redeem-offer-code", "NOPE")
    #expect(unknown.code == 1)
    #expect(unknown.err.contains("codes: ANNUALHALF, FREEMONTH"))
    let upgrade = await session.run("redeem-offer-code", "ANNUALHALF")
    #expect(upgrade.code == 0)
    #expect(upgrade.out.hasPrefix("Redeemed ANNUALHALF: "))
  }

  /// An offer for a subscriber's own plan, or for a downgrade, waits for the next renewal
  /// ("the offer period starts at the next billing event", Apple's "Implementing promotional
  /// offers in your app"); `buy` and `redeem-offer-code` say so and exit 0.
  @Test("an offer that waits for the next renewal: buy and redeem-offer-code say when")
  func offerAtTheNextRenewal() async throws {
    let session = try await EmulatorSession.withOffers()
    defer { session.remove() }
    #expect(await session.run("buy", "com.sportstime.pro.annual").code == 0)
    let code = await session.run("redeem-offer-code", "ANNUALHALF")
    #expect(code.code == 0, "\(code.err)")
    #expect(code.out.contains("it starts at the next renewal on"), "\(code.out)")
    let down = await session.run(
      "buy", "com.sportstime.pro.monthly", "--promo-offer", "LOYALTY")
    #expect(down.code == 0, "\(down.err)")
    #expect(down.out.contains("with offer LOYALTY starts at the next renewal on"), "\(down.out)")
    #expect(down.out.contains("(downgrade from"), "\(down.out)")
  }

  /// `win-back-rules` sets App Store Connect's four criteria and says them back; a range
  /// inside out and a negative count are refused.
  @Test("win-back-rules: the four criteria, said back; bad ones refused")
  func winBackRules() async throws {
    let session = try await EmulatorSession.withOffers()
    defer { session.remove() }
    let set = await session.run(
      "win-back-rules", "--min-lapse", "30", "--max-lapse", "730", "--min-paid", "60",
      "--cooldown", "365")
    #expect(set.code == 0, "\(set.err)")
    #expect(
      set.out.contains(
        "lapsed at least 30 days, lapsed at most 730 days, paid at least 60 days, "
          + "365 days between redemptions"), "\(set.out)")
    let inverted = await session.run("win-back-rules", "--min-lapse", "30", "--max-lapse", "10")
    #expect(inverted.code != 0)
    #expect(inverted.err.contains("shorter than the shortest"), "\(inverted.err)")
    #expect(await session.run("win-back-rules", "--min-paid", "-1").code != 0)
  }

  /// A server developer's own signature, checked by the App Store as any buy's: the original
  /// form's four values, or a JWS. Each is good for one buy ("each payload, signature, and
  /// nonce is only valid for one buy request", Apple); a half-given form is a usage error.
  @Test("buy --signature/--key-id/--nonce/--timestamp and --offer-jws: your server's offer")
  func buyWithServerSignature() async throws {
    let session = try await EmulatorSession.withOffers()
    defer { session.remove() }
    #expect(await session.run("buy", "com.sportstime.pro.monthly").code == 0)
    #expect(await session.run("disable-auto-renew", "1").code == 0)
    #expect(await session.run("advance", "40d").code == 0)
    let signed = try json(
      await session.run(
        "offer-signature", "LOYALTY", "com.sportstime.pro.monthly", "--json"
      ).out)
    let form = [
      "--signature", try #require(signed["signature"] as? String),
      "--key-id", try #require(signed["keyID"] as? String),
      "--nonce", try #require(signed["nonce"] as? String),
      "--timestamp", try #require(signed["timestamp"] as? String),
    ]
    let bought = await session.run(
      ["buy", "com.sportstime.pro.monthly", "--promo-offer", "LOYALTY"] + form + ["--json"])
    #expect(bought.code == 0, "\(bought.err)")
    let transaction = try #require(
      (try json(bought.out)["transaction"] as? [String: Any])?["transaction"] as? [String: Any])
    #expect(transaction["offerID"] as? String == "LOYALTY")
    let again = await session.run(
      ["buy", "com.sportstime.pro.annual", "--promo-offer", "LOYALTY"] + form)
    #expect(again.code == 1, "a signature is spent by its buy")

    // The JWS form, on the plan the customer has: it waits for the next renewal.
    let jws = await session.run(
      "offer-signature", "LOYALTY", "com.sportstime.pro.monthly", "--jws")
    let waiting = await session.run(
      "buy", "com.sportstime.pro.monthly", "--promo-offer", "LOYALTY", "--offer-jws",
      jws.out.trimmingCharacters(in: .whitespacesAndNewlines))
    #expect(waiting.code == 0, "\(waiting.err)")
    #expect(
      waiting.out.contains("Offer LOYALTY on Pro Monthly starts at the next renewal on"),
      "\(waiting.out)")

    for usage in [
      ["--signature", "AAAA"], ["--signature", "not base64!", "--key-id", "K"],
      ["--key-id", "K"], ["--offer-jws", "a.b.c", "--signature", "AAAA"],
      ["--offer-jws", "a.b.c", "--jws"],
    ] {
      let refused = await session.run(
        ["buy", "com.sportstime.pro.monthly", "--promo-offer", "LOYALTY"] + usage)
      #expect(refused.code == 2, "\(usage): \(refused.err)")
    }
    let stray = await session.run("buy", "com.sportstime.pro.monthly", "--offer-jws", "a.b.c")
    #expect(stray.code == 2)
    #expect(stray.err.contains("goes with --promo-offer"), "\(stray.err)")
  }
}
