import SportsTimePro

/// The Home tab as the terminal shows it, and as `--json` gives it: the saved trips, each with
/// the trip detail's PDF button and its PRO badge, and whether another trip may be saved.
struct HomeScreen: Encodable {
  /// A saved trip and its PDF button.
  struct Trip: Encodable {
    var name: String
    /// The PDF button's title.
    var pdfButtonTitle: String
    /// The badge on the PDF button, "PRO", for a free customer.
    var pdfButtonBadge: String?
    /// Whether tapping the PDF button exports (else it opens the paywall).
    var canExportPDF: Bool
  }

  /// The title of the PDF button of the trip detail's toolbar.
  static let pdfButtonTitle = "Export PDF"

  var isPro: Bool
  var savedTrips: [Trip]
  var freeTripLimit: Int
  /// Whether saving one more trip saves it (else it opens the paywall).
  var canSaveAnotherTrip: Bool

  /// The Home tab of a customer with or without Pro, holding `trips`.
  init(isPro: Bool, trips: [String], policy: AccessPolicy) {
    let gates = TripDetailGates(isPro: isPro, savedTripCount: trips.count, policy: policy)
    self.isPro = isPro
    savedTrips = trips.map { name in
      Trip(
        name: name, pdfButtonTitle: Self.pdfButtonTitle,
        pdfButtonBadge: gates.showsProBadgeOnPDFButton ? gates.pdfBadge.text : nil,
        canExportPDF: gates.exportPDF.isAllowed)
    }
    freeTripLimit = policy.freeTripLimit
    canSaveAnotherTrip = gates.save.isAllowed
  }

  /// The tab, boxed.
  var lines: [String] {
    var box = TextBox("SportsTime · Home", trailer: isPro ? "Pro" : "Free")
    box.blank()
    let count: String
    if isPro {
      count = "\(savedTrips.count) saved · unlimited"
    } else if savedTrips.count <= freeTripLimit {
      count = "\(savedTrips.count) of \(freeTripLimit) free"
    } else {
      count = "\(savedTrips.count) saved · free limit \(freeTripLimit)"
    }
    box.columns("My Trips", count, indent: 1)
    if savedTrips.isEmpty {
      box.text("No saved trips yet: plan one and save it (save-trip NAME).", indent: 3)
    }
    for trip in savedTrips {
      let button = "[ \(trip.pdfButtonTitle) ]" + (trip.pdfButtonBadge.map { " [\($0)]" } ?? "")
      box.columns("• " + trip.name, button, indent: 3)
    }
    if !canSaveAnotherTrip {
      box.blank()
      box.text(
        savedTrips.count > freeTripLimit
          ? "Every saved trip stays yours; saving another opens the paywall."
          : "Free accounts save \(freeTripLimit) trip; saving another opens the paywall.",
        indent: 1)
    }
    box.blank()
    box.rule()
    box.centered(AppData.Tab.home.bar)
    return box.rendered()
  }
}
