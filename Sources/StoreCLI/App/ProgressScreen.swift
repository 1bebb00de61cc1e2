import SportsTimePro

/// The Progress tab as the terminal shows it, and as `--json` gives it: the progress for Pro, the
/// locked screen for a free customer (a ``ProgressTabModel``).
struct ProgressScreen: Encodable {
  var isLocked: Bool
  /// The locked screen: a lock, the feature's name and copy, and "Upgrade to Pro".
  var locked: ProLockedModel?
  /// The progress, for Pro: how many trips are saved (visits and badges are the app's own data).
  var savedTripCount: Int?

  /// The tab as `model` decides it: the progress for Pro, the locked screen otherwise.
  init(_ model: ProgressTabModel, savedTripCount: Int) {
    switch model {
    case .progress:
      isLocked = false
      self.savedTripCount = savedTripCount
    case .locked(let screen):
      isLocked = true
      locked = screen
    }
  }

  /// The tab in `--json`: the locked screen's words as the view shows them.
  func encode(to encoder: any Encoder) throws {
    let locked = locked.map {
      JSONObject([
        "feature": $0.feature, "lockIcon": $0.lockIcon, "title": $0.title, "message": $0.message,
        "upgradeButtonTitle": $0.upgradeButtonTitle,
      ])
    }
    try JSONObject(["isLocked": isLocked, "locked": locked, "savedTripCount": savedTripCount])
      .encode(to: encoder)
  }

  /// The tab, boxed.
  var lines: [String] {
    var box = TextBox("SportsTime · Progress", trailer: isLocked ? "Free" : "Pro")
    box.blank()
    if let locked {
      box.centered("[locked]")
      box.centered(locked.title)
      box.centered(locked.message)
      box.blank()
      box.centered("[ \(locked.upgradeButtonTitle) ]")
    } else {
      box.text("✓ " + ProFeature.progressTracking.displayName, indent: 1)
      box.columns("Saved trips", "\(savedTripCount ?? 0)", indent: 3)
      box.columns("Stadiums visited", "none logged yet", indent: 3)
      box.columns("Badges", "none earned yet", indent: 3)
      box.columns("Bucket list", "empty", indent: 3)
    }
    box.blank()
    box.rule()
    box.centered(AppData.Tab.progress.bar)
    return box.rendered()
  }
}
