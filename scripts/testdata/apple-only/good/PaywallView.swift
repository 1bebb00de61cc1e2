// A view that renders its model and decides nothing: the checker passes it.
#if canImport(SwiftUI)
  import SwiftUI
  import os

  #if canImport(UIKit)
    import UIKit
  #endif

  struct PaywallView: View {
    let model: PaywallModel
    private static let logger = Logger(subsystem: "SportsTime", category: "Paywall")

    var body: some View {
      VStack {
        Image(systemName: "star.fill")
        Text(model.title)
        Label(model.featureName, systemImage: "doc.fill")
        ForEach(model.plans) { plan in
          Text(plan.displayPrice)
          Text(plan.displayPricePerMonth ?? "")
        }
        Button(model.subscribeTitle) {
          Self.logger.info("Subscribe tapped with \(model.plans.count, privacy: .public) plans")
        }
        .accessibilityIdentifier("paywall.subscribe")
        .disabled(model.isSubscribeDisabled)
      }
      .task { print("Paywall appeared, annual selected: \(model.isAnnualSelected)") }
    }
  }

  #Preview("Paywall, annual selected") {
    PaywallView(model: .preview(title: "Upgrade to Pro", now: Date(), price: 49.99 / 12))
  }
#endif
