#if canImport(SwiftUI)
  import SwiftUI
  import os

  struct SettingsSection: View {
    let logger = Logger(subsystem: "SportsTime", category: "Settings")

    var body: some View {
      Section {
        Text("Upgrade to Pro")  // expect: copy
        Button("Restore Purchases") {}  // expect: copy
        Text("PRO")  // expect: copy
        Label("Manage Subscription", systemImage: "gearshape")  // expect: copy
        Text(verbatim: "per month")  // expect: copy
        Image(systemName: "lock.fill")
          .accessibilityIdentifier("settings.lock")
        Button(model.restoreTitle) {
          logger.error("Restore failed before the App Store answered")
          status("No active subscription found.")  // expect: copy
        }
      }
      .navigationTitle("Settings")  // expect: copy
      .alert(  // expect-next: copy
        """
        Subscriptions renew unless cancelled.
        """,
        isPresented: $isShowingLegal
      ) {}
    }
  }
#endif
