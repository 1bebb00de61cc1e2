/// The manual testing checklist of SportsTime Pro's plan (the `ThePlan` article, part 14), item
/// by item: the one list that the command-line tool's `checklist` and the app layer's tests each
/// run automatically.
package enum ManualChecklist {
  /// One item, whose description is its number and words: "7. Annual is pre-selected".
  package struct Item: Sendable, Hashable, CustomStringConvertible {
    /// Its number in the checklist, from 1.
    package let number: Int
    /// Its words, exactly as the `ThePlan` article (part 14) writes them.
    package let title: String

    package var description: String { "\(number). \(title)" }
  }

  /// The 16 items, in the checklist's order.
  package static let items: [Item] = [
    "App launches and shows onboarding paywall on first run",
    "Can dismiss onboarding with \"Continue with Free\"",
    "Home tab shows normally",
    "Progress tab shows locked view for free users",
    "Can tap \"Upgrade to Pro\" on locked Progress tab",
    "Paywall displays with monthly/annual options",
    "Annual is pre-selected",
    "Can purchase subscription (sandbox)",
    "After purchase, Progress tab unlocks",
    "Can save 1 trip as free user",
    "Saving 2nd trip shows paywall",
    "PDF export button shows PRO badge for free users",
    "Tapping PDF shows paywall",
    "Settings shows \"Upgrade to Pro\" for free users",
    "Settings shows \"Manage Subscription\" for Pro users",
    "Restore Purchases works",
  ].enumerated().map { Item(number: $0.offset + 1, title: $0.element) }
}
