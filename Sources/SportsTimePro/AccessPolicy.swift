/// The rules of what a free customer may do: pure decisions, no state.
///
/// Free customers may save ``freeTripLimit`` trips; PDF export and progress tracking need Pro.
/// A customer whose Pro lapsed keeps every saved trip: only new saves are gated (no rule gates
/// opening a saved trip, so none is written).
public struct AccessPolicy: Sendable, Hashable {
  /// How many trips a free customer may save.
  public var freeTripLimit: Int

  /// Creates the policy; the free tier's limit is ``StoreManager/freeTripLimit``, one trip.
  public init(freeTripLimit: Int = StoreManager.freeTripLimit) {
    self.freeTripLimit = freeTripLimit
  }

  /// Whether a customer holding `savedCount` trips may save one more.
  public func canSaveTrip(savedCount: Int, isPro: Bool) -> AccessDecision {
    isPro || savedCount < freeTripLimit ? .allowed : .showPaywall(.unlimitedTrips)
  }

  /// Whether a trip's itinerary may be exported as a PDF.
  public func canExportPDF(isPro: Bool) -> AccessDecision {
    decision(for: .pdfExport, isPro: isPro)
  }

  /// Whether the progress tab shows progress (else its locked screen).
  public func canOpenProgress(isPro: Bool) -> AccessDecision {
    decision(for: .progressTracking, isPro: isPro)
  }

  /// The decision of a plain Pro gate (`ProGate` in <doc:ThePlan>): Pro runs the action, free opens
  /// the paywall for `feature`.
  public func decision(for feature: ProFeature, isPro: Bool) -> AccessDecision {
    isPro ? .allowed : .showPaywall(feature)
  }
}
