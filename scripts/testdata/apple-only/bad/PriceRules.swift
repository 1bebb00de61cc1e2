#if canImport(SwiftUI)
  import SwiftUI

  struct PricingCard: View {
    let annual: Product
    let monthly: Product

    var body: some View {
      let perMonth = annual.price / 12  // expect: price, month
      let fraction = 1 - perMonth / monthly.price  // expect: price
      let cheapest = [annual, monthly].min { $0.price < $1.price }  // expect: price
      Text(annual.displayPrice)
      if annual.pricePerMonth! * 12 > monthly.displayPrice.count {  // expect: price, month
        Text(model.saveText)
      }
    }
  }
#endif
