public import LocalAppStore

extension LocalAppStore {
  /// An answer of the local App Store that a test can hold (``hold(_:)``).
  public enum HeldAnswer: Sendable, Hashable, CaseIterable {
    /// `products(for:)` (StoreKit's `Product.products(for:)`), before the catalog is read.
    case products
    /// `purchase(_:options:)` (the payment sheet is up): what the purchase comes to is decided
    /// when the gate opens.
    case purchase
    /// `currentEntitlements()` (StoreKit's `Transaction.currentEntitlements`), before the
    /// ledger is read: a purchase made meanwhile is in the answer.
    case currentEntitlements
    /// Deliveries to the `transactionUpdates()` streams (renewals, refunds, approvals, family
    /// copies, the unfinished transactions handed to a launch's first listener): kept in order
    /// and delivered when the gate opens.
    case updates

    var kind: AnswerGates.Kind {
      switch self {
      case .products: .products
      case .purchase: .purchase
      case .currentEntitlements: .currentEntitlements
      case .updates: .updates
      }
    }
  }

  /// Holds every `answer` of this store from now until the gate is released: a way to write,
  /// on the real emulator, tests of what an app does while an answer is on its way (a purchase
  /// in flight, a listing read racing a cancellation, a delivery arriving late).
  ///
  /// ```swift
  /// let gate = store.hold(.currentEntitlements)
  /// let launch = Task { await manager.start() }
  /// await gate.waitUntilHolding(1)   // the read is parked, no sleeping
  /// launch.cancel()
  /// gate.release()
  /// await launch.value
  /// ```
  ///
  /// A new gate on the same answer holds the calls from then on; the calls the previous gate
  /// holds wait for that one's release, so that a test can let answers go in an order of its
  /// choosing.
  public nonisolated func hold(_ answer: HeldAnswer) -> AnswerGate {
    AnswerGate(gates.hold(answer.kind))
  }
}

/// A held answer of the local App Store (`LocalAppStore/hold(_:)`).
public struct AnswerGate: Sendable {
  private let gate: AnswerGates.Gate

  init(_ gate: AnswerGates.Gate) { self.gate = gate }

  /// How many calls arrived at the gate while it was closed.
  public var heldCount: Int { gate.heldCount }

  /// Whether the gate was released.
  public var isReleased: Bool { gate.isOpen }

  /// Returns once `count` calls are held at the gate (at once when it was released).
  public func waitUntilHolding(_ count: Int = 1) async {
    await gate.waitUntilHolding(count)
  }

  /// Releases the gate for good: every held call goes on, in the order it arrived, and later
  /// ones pass.
  public func release() {
    gate.open()
  }
}
