import AppStoreJWS
import Foundation
import LocalAppStore
import LocalAppStoreServer
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The in-process server over loopback with many clients while the store is written: run by
/// `scripts/sanitize` under ThreadSanitizer with the rest of the suite, where a data race
/// between the HTTP loop, the handlers and the store's writer stops the run.
@Suite struct ServerConcurrencyTests {
  @Test("16 clients over loopback while a writer buys and advances: every answer 200 and signed")
  func clientsWhileWriting() async throws {
    let fixture = try await APIFixture()
    let first = try await fixture.store.buyVerified(SportsTimeFixtures.monthlyID)
    let server = LocalAppStoreServer(api: fixture.api, configuration: .init())
    let port = try server.start()
    let signer = fixture.signer
    let wallClock = fixture.wallClock
    let clients = 16
    let requests = 12

    async let written: Int = {
      // Renewals month by month, an upgrade half way: each step a write the readers race.
      var steps = 0
      for month in 0..<12 {
        if month == 6 { _ = try await fixture.store.buyVerified(SportsTimeFixtures.annualID) }
        fixture.storeClock.advance(by: 31 * 86_400)
        _ = try await fixture.store.history()
        steps += 1
      }
      return steps
    }()
    let answers = try await withThrowingTaskGroup(of: [Int].self) { group in
      for client in 0..<clients {
        group.addTask {
          let connection = try HTTPTestClient(port: port)
          var statuses: [Int] = []
          for index in 0..<requests {
            let path =
              (client + index).isMultiple(of: 2)
              ? "/inApps/v1/transactions/\(first.id)" : "/inApps/v2/history/\(first.id)"
            let token = try signer.token(now: wallClock.now)
            let response = try await connection.request(
              "GET", path, headers: [("Authorization", "Bearer \(token)")])
            statuses.append(response.status)
          }
          return statuses
        }
      }
      return try await group.reduce(into: [Int]()) { $0 += $1 }
    }
    #expect(try await written == 12)
    #expect(answers.count == clients * requests)
    #expect(
      answers.allSatisfy { $0 == 200 }, "\(Dictionary(grouping: answers) { $0 }.mapValues(\.count))"
    )

    // Nothing lost: each transaction the writer made is served, signed with the store's root.
    let history = try await fixture.store.history()
    #expect(history.count == 8, "the first purchase, 6 renewals, the upgrade")
    for transaction in history {
      let response = try await fixture.get("/inApps/v1/transactions/\(transaction.id)")
      let jws = try #require(response.object["signedTransactionInfo"] as? String)
      #expect(try fixture.verifier().verifyTransaction(jws).payloadValue.id == transaction.id)
    }
    await server.shutdown()
  }
}
