import SportsTimePro

/// The Progress tab as the terminal shows it, and as `--json` gives it: the progress for Pro, the
/// locked screen for a free customer (a ``ProgressTabModel``).
struct ProgressScreen: Encodable {
  /// The locked screen: the plan's `ProLockedView`.
  struct Locked: Encodable {
    var feature: ProFeature
    var lockIcon: String
    var title: String
    var message: String
    var upgradeButtonTitle: String
  }

  var isLocked: Bool
  var locked: Locked?
  /// The progress, for Pro: how many trips are saved (visits and badges are the app's own data).
  var savedTripCount: Int?

  /// The tab of `model`.
  init(_ model: ProgressTabModel, savedTripCount: Int) {
    switch model {
    case .progress:
      isLocked = false
      self.savedTripCount = savedTripCount
    case .locked(let screen):
      isLocked = true
      locked = Locked(
        feature: screen.feature, lockIcon: screen.lockIcon, title: screen.title,
        message: screen.message, upgradeButtonTitle: screen.upgradeButtonTitle)
    }
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
