import Foundation
import LocalAppStore
import StoreModel
import StoreTesting
import TestSupport
import Testing

/// The signing part alone, built without a store: what it signs verifies against its root, a
/// payload is signed once per operation, the Server API's signatures outlive an operation, and
/// the faults make tokens that genuinely fail.
@Suite(.recordsQuietFailures) struct StoreSigningTests {
  static let bundleID = "com.sportstime.app"
  static let now = utc(2026, 3, 1)

  func part(_ environment: AppStoreEnvironment = .xcode) throws -> StoreSigning {
    let clock = ManualClock(now: Self.now)
    let authority = try StoreSigning.makeAuthority(
      settings: EmulatorSettings(bundleID: Self.bundleID),
      validity: LocalAppStore.supportedDates, clock: clock)
    return StoreSigning(authority: authority, environment: environment)
  }

  func transaction() -> Transaction {
    Transaction(
      id: 7, originalID: 7, appBundleID: Self.bundleID, productID: monthlyID,
      productType: .autoRenewable, purchaseDate: utc(2026, 2, 1), signedDate: utc(2026, 2, 1),
      subscriptionGroupID: "pro", expirationDate: Self.now)
  }

  /// A purchase's token that does not verify with no fault armed is the store's failure, not
  /// the customer's: it throws, so that nothing is recorded; with a fault it is the test's.
  @Test("a purchase's token that does not verify throws unless a fault made it so")
  func purchaseMustVerify() throws {
    let clock = ManualClock(now: utc(2026, 1, 1))
    let authority = try StoreSigning.makeAuthority(
      settings: EmulatorSettings(bundleID: Self.bundleID),
      validity: DateInterval(start: utc(2026, 1, 1), end: utc(2026, 2, 1)), clock: clock)
    var signing = StoreSigning(authority: authority, environment: .xcode)
    signing.beginOperation(in: .xcode)
    // The certificates end on 1 February: a token signed on 1 March does not verify.
    let error = #expect(throws: LocalAppStoreError.self) {
      try signing.signedPurchase(transaction(), now: Self.now, fault: nil)
    }
    #expect(error?.code == .signing)
    let faulted = try signing.signedPurchase(transaction(), now: Self.now, fault: .verification)
    #expect(faulted.verificationError != nil)
    let inTime = try signing.signedPurchase(transaction(), now: utc(2026, 1, 15), fault: nil)
    #expect(inTime.verificationError == nil)
  }

  @Test("a transaction is signed at the time given, in the part's environment, and verifies")
  func signsAndVerifies() throws {
    var signing = try part(.sandbox)
    signing.beginOperation(in: .sandbox)
    let result = try signing.signed(transaction(), now: Self.now, fault: nil)
    #expect(result.verificationError == nil)
    let signed = result.unsafePayloadValue
    #expect(signed.signedDate == Self.now)
    #expect(signed.environment == .sandbox)
    #expect(signing.costs.signatures == 1)
    #expect(signing.costs.verifications == 1)
  }

  @Test("within an operation a payload is signed once; the next operation signs it again")
  func oncePerOperation() throws {
    var signing = try part()
    signing.beginOperation(in: .xcode)
    let payload = Data(#"{"a":1}"#.utf8)
    let first = try signing.signature(over: payload)
    #expect(try signing.signature(over: payload) == first)
    #expect(signing.costs.signatures == 1)
    signing.endOperation()
    signing.beginOperation(in: .xcode)
    _ = try signing.signature(over: payload)
    #expect(signing.costs.signatures == 2)
  }

  /// `Data`'s own hash covers only its first 80 bytes: payloads alike that far are told apart
  /// by all their bytes, and hundreds of them in one operation are signed in linear time.
  @Test("payloads alike in size and first bytes are each signed once, and told apart")
  func alikePayloads() throws {
    var signing = try part()
    signing.beginOperation(in: .xcode)
    let prefix = String(repeating: "x", count: 200)
    let payloads = (0..<500).map { Data(#"{"p":"\#(prefix)","n":\#(1000 + $0)}"#.utf8) }
    #expect(Set(payloads.map(\.count)).count == 1)
    let tokens = try payloads.map { try signing.signature(over: $0) }
    #expect(Set(tokens).count == payloads.count)
    #expect(try payloads.map { try signing.signature(over: $0) } == tokens)
    #expect(signing.costs.signatures == payloads.count)
  }

  @Test("the Server API's signatures are kept from one operation to the next")
  func serverSignaturesOutliveAnOperation() throws {
    var signing = try part()
    let payload = Data(#"{"b":2}"#.utf8)
    signing.beginOperation(in: .xcode)
    let first = try signing.serverSignature(over: payload)
    signing.endOperation()
    signing.beginOperation(in: .xcode)
    #expect(try signing.serverSignature(over: payload) == first)
    #expect(signing.costs.signatures == 1)
  }

  @Test(
    "a verification or tamper fault makes a token that fails verification, not a flag",
    arguments: [Fault.verification, .tamper])
  func faults(fault: Fault) throws {
    var signing = try part()
    signing.beginOperation(in: .xcode)
    let result = try signing.signed(transaction(), now: Self.now, fault: fault)
    #expect(result.verificationError != nil)
    let jws = result.jwsRepresentation
    #expect(jws.split(separator: ".").count == 3)
  }
}
