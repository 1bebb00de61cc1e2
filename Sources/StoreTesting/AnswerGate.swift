import LocalAppStore

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
