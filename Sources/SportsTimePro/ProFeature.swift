/// A feature that needs SportsTime Pro: the three of <doc:ThePlan>, with their words and symbols.
public enum ProFeature: String, Sendable, Hashable, CaseIterable, Codable {
  /// Saving more trips than the free limit.
  case unlimitedTrips
  /// Exporting a trip's itinerary as a PDF.
  case pdfExport
  /// The progress tab: stadium visits, badges, the bucket list.
  case progressTracking

  /// The feature's name: "Unlimited Trips".
  public var displayName: String {
    switch self {
    case .unlimitedTrips: "Unlimited Trips"
    case .pdfExport: "PDF Export"
    case .progressTracking: "Progress Tracking"
    }
  }

  /// The feature's marketing copy.
  public var description: String {
    switch self {
    case .unlimitedTrips: "Save unlimited trips and never lose your itineraries."
    case .pdfExport: "Export beautiful PDF itineraries to share with friends."
    case .progressTracking: "Track stadium visits, earn badges, complete your bucket list."
    }
  }

  /// The SF Symbol that stands for the feature.
  public var icon: String {
    switch self {
    case .unlimitedTrips: "suitcase.fill"
    case .pdfExport: "doc.fill"
    case .progressTracking: "trophy.fill"
    }
  }
}
