import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

@Suite(.recordsQuietFailures) struct FamilySharingTests {
  @Test("a family member gets a family-shared transaction, and each renewal")
  func sharing() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let bought = try await store.buyVerified(annualID)
    let member = store.backend(for: "alex")
    var updates = member.transactionUpdates().makeAsyncIterator()
    try await store.startFamilySharing(with: "alex")
    let shared = try #require(await next(1, of: &updates).first)
    #expect(shared.isVerified)
    #expect(shared.unsafePayloadValue.ownershipType == .familyShared)
    #expect(shared.unsafePayloadValue.productID == annualID)
    #expect(shared.unsafePayloadValue.id != bought.id)
    let entitled = await member.currentEntitlements().map(\.unsafePayloadValue.ownershipType)
    #expect(entitled == [.familyShared])
    let statuses = try await member.subscriptionStatuses(forGroup: groupID)
    #expect(statuses.map(\.state) == [.subscribed])
    clock.set(to: utc(2027, 1, 2))
    let renewal = try #require(await next(1, of: &updates).first?.unsafePayloadValue)
    #expect(renewal.reason == .renewal)
    #expect(renewal.ownershipType == .familyShared)
    #expect(renewal.originalID == shared.unsafePayloadValue.originalID)
  }

  @Test("stopping sharing revokes the member's transactions")
  func unshare() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock, settings: .polite)
    try await store.buyVerified(monthlyID)
    try await store.startFamilySharing(with: "alex")
    let member = store.backend(for: "alex")
    var updates = member.transactionUpdates().makeAsyncIterator()
    _ = await next(1, of: &updates)
    clock.advance(by: day)
    try await store.stopFamilySharing(with: "alex")
    let revoked = try #require(await next(1, of: &updates).first?.unsafePayloadValue)
    #expect(revoked.revocationDate == clock.now)
    #expect(revoked.revocationType == .familyRevoke)
    #expect(await member.currentEntitlements().isEmpty)
    #expect(await store.entitledProductIDs() == [monthlyID])
  }

  @Test("a refund of the purchaser's transaction revokes the member's copy too")
  func refundRevokesCopies() async throws {
    let store = try LocalAppStore.sportsTime()
    let bought = try await store.buyVerified(monthlyID)
    try await store.startFamilySharing(with: "alex")
    let member = store.backend(for: "alex")
    #expect(await member.currentEntitlements().count == 1)
    try await store.refund(transactionID: bought.id)
    #expect(await member.currentEntitlements().isEmpty)
    #expect(try await member.subscriptionStatuses(forGroup: groupID).first?.state == .revoked)
  }
}

@Suite(.recordsQuietFailures) struct RefundTests {
  @Test("a refund sets the revocation date and reason, delivers an update, and ends access")
  func refund() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    let bought = try await store.buyVerified(monthlyID)
    var updates = store.transactionUpdates().makeAsyncIterator()
    clock.advance(by: 3 * day)
    try await store.refund(transactionID: bought.id, reason: .developerIssue)
    let update = try #require(await next(1, of: &updates).first?.unsafePayloadValue)
    #expect(update.id == bought.id)
    #expect(update.revocationDate == clock.now)
    #expect(update.revocationReason == .developerIssue)
    #expect(await store.entitledProductIDs() == [])
    #expect(try await store.proState() == .revoked)
    clock.set(to: utc(2026, 3, 1))
    #expect(try await store.history().count == 1)
  }

  @Test("refunding twice or refunding an unknown transaction is refused")
  func refusals() async throws {
    let store = try LocalAppStore.sportsTime()
    let bought = try await store.buyVerified(monthlyID)
    try await store.refund(transactionID: bought.id)
    await #expect(throws: LocalAppStoreError(.notAllowed, "")) {
      try await store.refund(transactionID: bought.id)
    }
    await #expect(throws: LocalAppStoreError(.notFound, "")) {
      try await store.refund(transactionID: 424_242)
    }
  }
}

@Suite(.recordsQuietFailures) struct FamilyResharingTests {
  @Test("sharing again after stopping gives the member a new copy of the subscription")
  func shareAgain() async throws {
    let clock = ManualClock()
    let store = try LocalAppStore.sportsTime(clock: clock)
    try await store.buyVerified(monthlyID)
    let member = store.backend(for: "alex")
    try await store.startFamilySharing(with: "alex")
    clock.advance(by: day)
    try await store.stopFamilySharing(with: "alex")
    #expect(await member.currentEntitlements().isEmpty)
    clock.advance(by: day)
    try await store.startFamilySharing(with: "alex")
    let entitled = await member.currentEntitlements()
    #expect(entitled.map(\.unsafePayloadValue.productID) == [monthlyID])
    #expect(entitled.map(\.unsafePayloadValue.ownershipType) == [.familyShared])
    #expect(entitled.allSatisfy { $0.unsafePayloadValue.revocationDate == nil })
    let statuses = try await member.subscriptionStatuses(forGroup: groupID)
    #expect(statuses.map(\.state) == [.subscribed])
    clock.set(to: utc(2026, 2, 2))
    let renewed = await member.currentEntitlements().map(\.unsafePayloadValue)
    #expect(renewed.map(\.reason) == [.renewal])
  }
}
