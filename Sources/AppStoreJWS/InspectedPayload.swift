/// A payload checked by a ``SignedDataInspector``: token, chain, signature and environment, but
/// not the app it belongs to.
///
/// Every App Store app's data chains to the same Apple root, so a verified inspected payload
/// may be any app's. Never grant anything from it.
package struct InspectedPayload<Payload: Sendable>: Sendable {
  /// The payload as decoded, whichever app it belongs to.
  package let payload: Payload
  /// The bundle id the payload claims, compared with nothing; `nil` when it carries none
  /// (renewal info, a notification without app data).
  package let claimedBundleID: String?

  /// Whether the payload's bundle id was checked: always `false`, as an inspector checks no app.
  package var isBundleIDChecked: Bool { false }

  package init(payload: Payload, claimedBundleID: String?) {
    self.payload = payload
    self.claimedBundleID = claimedBundleID
  }

  /// The same claims with the payload transformed.
  package func map<T: Sendable>(_ transform: (Payload) throws -> T) rethrows -> InspectedPayload<T>
  {
    InspectedPayload<T>(payload: try transform(payload), claimedBundleID: claimedBundleID)
  }
}

extension InspectedPayload: Equatable where Payload: Equatable {}
extension InspectedPayload: Hashable where Payload: Hashable {}
