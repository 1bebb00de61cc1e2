import Foundation
import Observation
package import StoreModel

/// The Pro products and the offers the customer may get of them: ``StoreManager``'s products,
/// loaded in the background, never at launch's expense.
///
/// A load runs in a task of the loader's own: StoreKit answers a cancelled
/// `Product.products(for:)` with an empty list, which would read as "nothing for sale", so a
/// caller's cancellation never reaches it. One load at a time: a call while one runs waits for
/// it. ``stop()`` cancels the load, and a cancelled load publishes nothing — not its empty
/// answer, not over a later load: each new load cancels the one before it, so being cancelled
/// is being stale.
///
/// The offers are read with the products (``readOffers(of:from:statuses:)``), so that the plans
/// show them from the first moment they show, and again by the reading of the entitlements;
/// every read takes a ticket first (``beginOfferRead()``), and an older read that finishes later
/// never overwrites a newer one (``publishOffers(_:ticket:)``).
@Observable
@MainActor
package final class ProductsLoader {
  /// The loaded Pro products, shortest period first; empty until ``state`` is loaded.
  package private(set) var products: [Product] = []
  /// Where the loading of ``products`` stands.
  package private(set) var state: ProductsLoadState = .idle
  /// Which of the products' offers the customer may get, as the backend last answered.
  package private(set) var offerEligibility = OfferEligibility()
  /// Called after a load publishes its products (their levels decide which entitlement shows).
  @ObservationIgnored package var onLoaded: (() -> Void)?

  @ObservationIgnored private let backend: any StoreBackend
  @ObservationIgnored private let productIDs: [String]
  @ObservationIgnored private var task: Task<Void, Never>?
  /// The tickets of the offer reads handed out, and of the latest one published.
  @ObservationIgnored private var offerTickets = (started: 0, published: 0)

  /// A loader of `productIDs` from `backend`.
  package init(productIDs: [String], backend: any StoreBackend) {
    self.productIDs = productIDs
    self.backend = backend
  }

  /// The first loaded product whose period matches `period`.
  func product(billed period: (SubscriptionPeriod) -> Bool) -> Product? {
    products.first { $0.subscription.map { period($0.subscriptionPeriod) } == true }
  }

  /// Starts a load, unless one runs: the load the caller may wait for.
  @discardableResult
  package func load() -> Task<Void, Never> {
    if state == .loading, let task { return task }
    state = .loading
    let task = Task { [weak self] () -> Void in await self?.fetch() }
    self.task?.cancel()
    self.task = task
    return task
  }

  /// Cancels the load under way, which publishes nothing; the state is idle again.
  package func stop() {
    task?.cancel()
    task = nil
    if state == .loading { state = .idle }
  }

  /// A ticket for a read of the offers, newer than every ticket before it.
  package func beginOfferRead() -> Int {
    offerTickets.started += 1
    return offerTickets.started
  }

  /// Publishes the offers a read found, unless a read with a later ticket was published already.
  package func publishOffers(_ eligibility: OfferEligibility, ticket: Int) {
    guard ticket > offerTickets.published else { return }
    offerTickets.published = ticket
    if eligibility != offerEligibility { offerEligibility = eligibility }
  }

  private func fetch() async {
    let result: Result<[Product], StoreBackendError>
    do {
      result = .success(try await backend.products(for: productIDs))
    } catch {
      result = .failure(error)
    }
    var offers: (ticket: Int, eligibility: OfferEligibility)?
    if case .success(let loaded) = result {
      let ticket = beginOfferRead()
      let pro = loaded.filter { productIDs.contains($0.id) }
      if let eligibility = await Self.readOffers(of: pro, from: backend, statuses: nil) {
        offers = (ticket, eligibility)
      }
    }
    // Stopped, or replaced by a later load: nothing worth showing.
    guard !Task.isCancelled else { return }
    switch result {
    case .success(let loaded):
      let pro = loaded.filter { productIDs.contains($0.id) }.sorted(by: Self.shorterPeriodFirst)
      if pro.isEmpty {
        state = .failed(.productNotFound)
      } else {
        if let offers { publishOffers(offers.eligibility, ticket: offers.ticket) }
        products = pro
        state = .loaded
        onLoaded?()
      }
    case .failure(.networkError):
      state = .failed(.networkUnavailable)
    case .failure:
      state = .failed(.productNotFound)
    }
  }

  private static func shorterPeriodFirst(_ lhs: Product, _ rhs: Product) -> Bool {
    let lhsPerYear = lhs.subscription?.subscriptionPeriod.periodsPerYear ?? 0
    let rhsPerYear = rhs.subscription?.subscriptionPeriod.periodsPerYear ?? 0
    if lhsPerYear != rhsPerYear { return lhsPerYear > rhsPerYear }
    return lhs.id < rhs.id
  }

  /// Asks `backend` which offers of `products` the customer may get: once per group with an
  /// introductory offer, `isEligibleForIntroOffer(for:)`; for each group with a win-back offer,
  /// the renewal infos of its statuses (`statuses` when already loaded, else read here).
  /// A cancelled or failed read counts as not eligible: the plan shows its plain price.
  ///
  /// - Returns: `nil` when no product has an offer: nothing was asked.
  nonisolated static func readOffers(
    of products: [Product], from backend: any StoreBackend,
    statuses loaded: [String: [SubscriptionStatus]]?
  ) async -> OfferEligibility? {
    let infos = products.compactMap(\.subscription)
    let introGroups = Set(infos.filter { $0.introductoryOffer != nil }.map(\.subscriptionGroupID))
    let winBackGroups = Set(infos.filter { !$0.winBackOffers.isEmpty }.map(\.subscriptionGroupID))
    guard !introGroups.isEmpty || !winBackGroups.isEmpty else { return nil }
    var eligibility = OfferEligibility()
    for group in introGroups.sorted() {
      // StoreKit answers a cancelled task with `false` too: read as not eligible.
      if await backend.isEligibleForIntroOffer(for: group), !Task.isCancelled {
        eligibility.introOfferGroups.insert(group)
      }
    }
    for group in winBackGroups.sorted() {
      let statuses: [SubscriptionStatus]
      if let loaded {
        statuses = loaded[group] ?? []
      } else {
        statuses = (try? await backend.subscriptionStatuses(forGroup: group)) ?? []
      }
      let ids = OfferEligibility.winBackOfferIDs(in: statuses)
      if !ids.isEmpty, !Task.isCancelled { eligibility.winBackOfferIDs[group] = ids }
    }
    return eligibility
  }
}
