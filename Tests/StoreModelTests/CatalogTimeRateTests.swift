import StoreModel
import Testing

@Suite struct CatalogTimeRateTests {
  typealias TimeRate = CatalogSettings.TimeRate

  @Test("the rates SKTestSession.TimeRate declares are known; others are kept, unknown")
  func known() {
    #expect(TimeRate.realTime.isKnown)
    #expect(TimeRate.oneRenewalEveryTwoSeconds.isKnown)
    #expect(TimeRate.monthlyRenewalEveryThirtySeconds.isKnown)
    #expect(TimeRate.declaredNames.count == 18)
    #expect(!TimeRate(rawValue: 14).isKnown)
    #expect(TimeRate(rawValue: 14).rawValue == 14)
  }

  @Test("time rates print as SKTestSession.TimeRate's case names")
  func names() {
    #expect(TimeRate.oneRenewalEveryTenSeconds.description == "oneRenewalEveryTenSeconds")
    #expect(TimeRate(rawValue: 13).description == "monthlyRenewalEveryFiveMinutes")
    #expect(TimeRate(rawValue: 99).description == "99")
  }
}
