import SportsTimePro
import Testing

@Suite struct ProFeatureTests {
  @Test(
    "each feature has the plan's name, copy and symbol",
    arguments: [
      (
        ProFeature.unlimitedTrips, "Unlimited Trips",
        "Save unlimited trips and never lose your itineraries.", "suitcase.fill"
      ),
      (
        .pdfExport, "PDF Export", "Export beautiful PDF itineraries to share with friends.",
        "doc.fill"
      ),
      (
        .progressTracking, "Progress Tracking",
        "Track stadium visits, earn badges, complete your bucket list.", "trophy.fill"
      ),
    ])
  func words(feature: ProFeature, name: String, description: String, icon: String) {
    #expect(feature.displayName == name)
    #expect(feature.description == description)
    #expect(feature.icon == icon)
  }

  @Test("the features are the plan's three, in its order")
  func allCases() {
    #expect(ProFeature.allCases == [.unlimitedTrips, .pdfExport, .progressTracking])
  }
}
