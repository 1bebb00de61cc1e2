#if canImport(SwiftUI)
  public import SportsTimePro
  public import SwiftUI

  extension View {
    /// Makes this view a button gated behind Pro: a Pro customer's tap runs `action`, a free
    /// customer's opens the paywall for `feature`, as `AccessPolicy/decision(for:isPro:)`
    /// decides from the `StoreManager` of the environment. Until the store knows the customer's
    /// entitlements (`StoreManager/hasLoadedEntitlements`) the button is disabled: not known yet
    /// is neither Pro nor free.
    ///
    /// ```swift
    /// Label(exportTitle, systemImage: ProFeature.pdfExport.icon)
    ///   .proBadge()
    ///   .proGateButton(feature: .pdfExport) { exportPDF() }
    /// ```
    public func proGateButton(
      feature: ProFeature, action: @escaping @MainActor () -> Void
    ) -> some View {
      ProGateButton(gate: .feature(feature), action: action, label: self)
    }

    /// Makes this view a button that follows `decision`: `.allowed` runs `action`,
    /// `.showPaywall` opens the paywall for its feature.
    ///
    /// For gates that need more than Pro, such as saving a trip:
    /// `proGateButton(decision: TripDetailGates(...).save) { save() }`.
    public func proGateButton(
      decision: AccessDecision, action: @escaping @MainActor () -> Void
    ) -> some View {
      ProGateButton(gate: .decision(decision), action: action, label: self)
    }
  }

  /// A button whose tap runs its action or opens the paywall, as its gate decides.
  private struct ProGateButton<Label: View>: View {
    enum Gate {
      /// The plain Pro gate of a feature, decided from the environment's store.
      case feature(ProFeature)
      /// A decision made by the caller.
      case decision(AccessDecision)
    }

    @Environment(StoreManager.self) private var store
    @State private var paywallPlacement: PaywallPlacement?
    private let gate: Gate
    private let action: @MainActor () -> Void
    private let label: Label

    init(gate: Gate, action: @escaping @MainActor () -> Void, label: Label) {
      self.gate = gate
      self.action = action
      self.label = label
    }

    var body: some View {
      let decision = decision
      Button {
        switch decision {
        case .allowed: action()
        case .showPaywall(let feature): paywallPlacement = .feature(feature)
        case nil: break
        }
      } label: {
        label
      }
      .disabled(decision == nil)
      .paywall(placement: $paywallPlacement)
    }

    /// The gate's decision; `nil` while the store does not know the customer's entitlements
    /// yet (a plain Pro gate neither runs the action nor sells then).
    private var decision: AccessDecision? {
      switch gate {
      case .feature(let feature):
        store.hasLoadedEntitlements
          ? AccessPolicy().decision(for: feature, isPro: store.isPro) : nil
      case .decision(let decision): decision
      }
    }
  }
#endif
