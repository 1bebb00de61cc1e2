import Foundation
import StoreModel

/// A value the ledger keeps in its `meta` table, as JSON, and the type it decodes to: every
/// entry of that table is one of the keys below, named once.
///
/// Read with ``LedgerStore/read(_:)`` (an absent entry answers ``absent``, or is a damaged
/// state when a state always has it), write with ``LedgerStore/write(_:to:)``.
package struct MetaKey<Value: Codable & Sendable>: Sendable {
  /// The entry's key in the `meta` table.
  let name: String
  /// What an absent entry reads as; `nil` when every configured state has the entry, so that
  /// its absence is a damaged state.
  let absent: Value?
}

/// An entry of the `meta` table kept as plain text rather than JSON.
enum MetaText: String, Sendable {
  /// The stored time, in milliseconds since 1970 (``LocalAppStore/TimeSource/stored``).
  case now
  /// The next transaction or request identifier (``LedgerStore/nextIdentifier()``).
  case nextID = "next_id"
  /// The state of the generator of notification UUIDs.
  case randomState
  /// The certificate authority, exported (`CertificateAuthoritySigner`).
  case authority
  /// The server URL notifications are posted to.
  case notificationURL
}

// The JSON entries, by what they hold.

extension MetaKey where Value == EmulatorSettings {
  /// The switches (``EmulatorSettings``): every configured state has them.
  static var settings: Self { Self(name: "settings", absent: nil) }
}

extension MetaKey where Value == Controls.DefaultState {
  /// The settings and faults `reset` made, which `resetToDefaultState` restores.
  static var defaultState: Self { Self(name: "defaultState", absent: nil) }
}

extension MetaKey where Value == [String: [Catalog.Localization]] {
  /// The `.storekit` file's localizations, by product identifier.
  static var localizations: Self { Self(name: "localizations", absent: [:]) }
}

extension MetaKey where Value == [String: [CodeOfferRecord]] {
  /// Each subscription's offer codes, by product identifier.
  static var codeOffers: Self { Self(name: "codeOffers", absent: [:]) }
}

extension MetaKey where Value == [String] {
  /// The win-back offers the `.storekit` file switched off.
  static var winBackSwitchedOff: Self { Self(name: "winBackSwitchedOff", absent: []) }
}

extension MetaKey where Value == OfferKeyRecord {
  /// The app's subscription-offer key (promotional offers' signing key).
  static var subscriptionOffersKeyPair: Self {
    Self(name: "subscriptionOffersKeyPair", absent: nil)
  }
}

extension MetaKey where Value == WinBackRules {
  /// The rules that make a lapsed customer eligible for a win-back offer.
  static var winBackRules: Self { Self(name: "winBackRules", absent: WinBackRules()) }
}

extension MetaKey where Value == [LaunchMarker] {
  /// Each account's transactions this launch has not yet listed (device timing).
  package static var launchMarkers: Self {
    Self(name: "device_timing_missed_at_launch", absent: [])
  }
}

extension MetaKey where Value == [String: Date] {
  /// When each account first downloaded the app (its app transaction's dates).
  static var appDownloads: Self { Self(name: "appDownloads", absent: [:]) }
}

extension MetaKey where Value == [LocalAppStore.APIKeyRecord] {
  /// The App Store Server API keys, oldest first.
  static var apiKeys: Self { Self(name: "apiKeys", absent: []) }
}

extension MetaKey where Value == [String: Set<UInt64>] {
  /// Another device's purchases each account's device has not synced.
  static var unsyncedPurchases: Self { Self(name: "unsyncedPurchases", absent: [:]) }
}
