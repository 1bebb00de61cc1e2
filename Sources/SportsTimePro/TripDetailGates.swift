/// The gates of the trip detail screen: saving the trip and the PDF button of its toolbar.
///
/// A free customer with ``AccessPolicy/freeTripLimit`` saved trips gets the paywall instead of
/// a save; the PDF button wears a PRO badge for a free customer and opens the paywall.
public struct TripDetailGates: Sendable, Hashable, Codable {
  /// What tapping save does.
  public let save: AccessDecision
  /// What tapping the PDF button does.
  public let exportPDF: AccessDecision
  /// The PRO badge of the PDF button, visible to a free customer only.
  public let pdfBadge: ProBadgeModel

  /// The gates for a customer holding `savedTripCount` trips.
  public init(isPro: Bool, savedTripCount: Int, policy: AccessPolicy = AccessPolicy()) {
    save = policy.canSaveTrip(savedCount: savedTripCount, isPro: isPro)
    exportPDF = policy.canExportPDF(isPro: isPro)
    pdfBadge = ProBadgeModel(isPro: isPro)
  }

  /// Whether the PDF button shows the PRO badge: for a free customer, not for Pro.
  public var showsProBadgeOnPDFButton: Bool { pdfBadge.isVisible }
}
