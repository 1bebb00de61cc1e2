import Foundation
import LocalAppStore
import StoreModel
import StoreTesting

/// State files of the local App Store in the situations its loader must read back.
enum StateSeeds {
  static let start = Date(timeIntervalSince1970: 1_767_225_600)  // 2026-01-01T00:00:00Z

  static func write(to folder: URL) async throws -> Int {
    let monthly = SportsTimeFixtures.monthly
    let annual = SportsTimeFixtures.annual
    let month = EmulatorDuration("1m")
    let week = EmulatorDuration("1w")
    var count = 0
    func make(_ name: String, _ body: (LocalAppStore) async throws -> Void) async throws {
      let path = folder.appendingPathComponent("\(name).sqlite").path
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
      do {
        let store = try LocalAppStore.create(
          atPath: path, products: SportsTimeFixtures.products, startDate: start)
        try await body(store)
      }
      count += 1
    }
    try await make("empty") { _ in }
    try await make("subscribed") { store in
      _ = try await store.purchase(monthly, options: [])
    }
    try await make("renewed-family") { store in
      _ = try await store.purchase(monthly, options: [])
      try await store.startFamilySharing(with: "kid")
      if let month { try await store.advanceTime(by: month) }
      _ = try await store.purchase(annual, options: [])
    }
    try await make("ask-to-buy") { store in
      try await store.setAskToBuyEnabled(true)
      _ = try await store.backend(for: "kid").purchase(monthly, options: [])
    }
    try await make("billing-grace") { store in
      _ = try await store.purchase(monthly, options: [])
      try await store.setBillingIssuesEnabled(true)
      try await store.setGracePeriodEnabled(true)
      if let month { try await store.advanceTime(by: month) }
      if let week { try await store.advanceTime(by: week) }
    }
    try await make("refunded-faults") { store in
      _ = try await store.purchase(annual, options: [])
      if let latest = try await store.history().last {
        try await store.refund(transactionID: latest.id)
      }
      try await store.inject(.network, sticky: true)
      try await store.inject(.verification)
      try await store.setWillAutoRenew(false)
    }
    return count
  }
}
