import SportsTimePro
import Testing

@Suite struct AccessPolicyTests {
  private let policy = AccessPolicy()

  @Test(
    "saving a trip: free customers may hold one, Pro customers any number",
    arguments: [
      (0, false, AccessDecision.allowed),
      (1, false, .showPaywall(.unlimitedTrips)),
      (2, false, .showPaywall(.unlimitedTrips)),
      (7, false, .showPaywall(.unlimitedTrips)),
      (0, true, .allowed),
      (1, true, .allowed),
      (50, true, .allowed),
    ])
  func saveTrip(savedCount: Int, isPro: Bool, expected: AccessDecision) {
    #expect(policy.canSaveTrip(savedCount: savedCount, isPro: isPro) == expected)
  }

  @Test(
    "a lapsed Pro customer keeps every saved trip; only a new save is gated",
    arguments: [1, 2, 5, 30])
  func lapsedKeepsTrips(savedCount: Int) {
    #expect(policy.canSaveTrip(savedCount: savedCount, isPro: true) == .allowed)
    #expect(
      policy.canSaveTrip(savedCount: savedCount, isPro: false) == .showPaywall(.unlimitedTrips))
  }

  @Test(
    "PDF export and progress need Pro",
    arguments: [
      (
        false, AccessDecision.showPaywall(.pdfExport), AccessDecision.showPaywall(.progressTracking)
      ),
      (true, .allowed, .allowed),
    ])
  func proFeatures(isPro: Bool, pdf: AccessDecision, progress: AccessDecision) {
    #expect(policy.canExportPDF(isPro: isPro) == pdf)
    #expect(policy.canOpenProgress(isPro: isPro) == progress)
  }

  @Test(
    "a plain gate runs the action for Pro and opens the paywall for free",
    arguments: ProFeature.allCases)
  func gate(feature: ProFeature) {
    #expect(policy.decision(for: feature, isPro: true) == .allowed)
    #expect(policy.decision(for: feature, isPro: false) == .showPaywall(feature))
    #expect(policy.decision(for: feature, isPro: true).isAllowed)
    #expect(policy.decision(for: feature, isPro: false).isAllowed == false)
  }

  @Test("the free limit is the plan's, and a different limit is honoured")
  func limit() {
    #expect(policy.freeTripLimit == 1)
    let generous = AccessPolicy(freeTripLimit: 3)
    #expect(generous.canSaveTrip(savedCount: 2, isPro: false) == .allowed)
    #expect(generous.canSaveTrip(savedCount: 3, isPro: false) == .showPaywall(.unlimitedTrips))
  }
}

@Suite struct GateModelTests {
  @Test(
    "the trip detail: save and PDF decisions, and the PRO badge on the PDF button",
    arguments: [
      (false, 0, AccessDecision.allowed, AccessDecision.showPaywall(.pdfExport), true),
      (false, 1, .showPaywall(.unlimitedTrips), .showPaywall(.pdfExport), true),
      (true, 0, .allowed, .allowed, false),
      (true, 4, .allowed, .allowed, false),
    ])
  func tripDetail(
    isPro: Bool, saved: Int, save: AccessDecision, pdf: AccessDecision, badge: Bool
  ) {
    let gates = TripDetailGates(isPro: isPro, savedTripCount: saved)
    #expect(gates.save == save)
    #expect(gates.exportPDF == pdf)
    #expect(gates.showsProBadgeOnPDFButton == badge)
    #expect(gates.pdfBadge.text == "PRO")
  }

  @Test("the progress tab is locked for free customers and open for Pro")
  func progressTab() {
    #expect(ProgressTabModel(isPro: true) == .progress)
    #expect(ProgressTabModel(isPro: true).isLocked == false)
    let locked = ProgressTabModel(isPro: false)
    #expect(locked == .locked(ProLockedModel(feature: .progressTracking)))
    #expect(locked.isLocked)
  }

  @Test("the locked screen shows a lock, the feature's name and copy, and Upgrade to Pro")
  func lockedScreen() {
    let locked = ProLockedModel(feature: .progressTracking)
    #expect(locked.lockIcon == "lock.fill")
    #expect(locked.featureIcon == "trophy.fill")
    #expect(locked.title == "Progress Tracking")
    #expect(locked.message == "Track stadium visits, earn badges, complete your bucket list.")
    #expect(locked.upgradeButtonTitle == "Upgrade to Pro")
    #expect(locked.paywallPlacement == .feature(.progressTracking))
  }

  @Test("the PRO badge shows only to customers who are not Pro")
  func badge() {
    #expect(ProBadgeModel(isPro: false).isVisible)
    #expect(ProBadgeModel(isPro: true).isVisible == false)
    #expect(ProBadgeModel.text == "PRO")
  }
}
