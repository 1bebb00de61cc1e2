#if canImport(SwiftUI)
  public import SwiftUI

  /// The look of the paywall screens: colours, fonts, spacing and corner radii.
  ///
  /// The defaults are the look of SportsTime Pro's plan (SportsTimePro's `ThePlan` article,
  /// which names the colour only): a warm orange accent with white text on it, soft card
  /// backgrounds, rounded corners. Every screen of this module reads the theme from the
  /// environment, so an app plugs its own `Theme` in once, high in its view tree:
  ///
  /// ```swift
  /// ContentView()
  ///   .paywallTheme(PaywallTheme(accent: Theme.warmOrange, cardBackground: Theme.cardBackground))
  /// ```
  public struct PaywallTheme: Equatable {
    // MARK: Colours

    /// The accent: the subscribe buttons, the selected plan, icons, the PRO badge.
    public var accent: Color
    /// Text and symbols drawn on the accent.
    public var onAccent: Color
    /// The background of the full-screen paywalls.
    public var background: Color
    /// The background of cards: feature rows, plans, the close button.
    public var cardBackground: Color
    /// Secondary text: descriptions, billing periods, the legal line.
    public var secondaryText: Color
    /// The check marks of the feature rows and of an active subscription.
    public var success: Color
    /// The colour of the line that shows an error or a waiting purchase under the plans.
    public var error: Color

    // MARK: Fonts

    /// The hero's title and the onboarding pages' titles.
    public var largeTitleFont: Font
    /// The titles of the pricing page and the locked screen.
    public var titleFont: Font
    /// Row titles, plan names and buttons.
    public var headlineFont: Font
    /// Running text.
    public var bodyFont: Font
    /// Descriptions, billing periods, messages and the legal line.
    public var captionFont: Font
    /// The billed price of a plan: its most prominent figure.
    public var priceFont: Font
    /// The PRO badge, the savings badge and the BEST tag.
    public var badgeFont: Font
    /// The icons of the feature rows.
    public var iconFont: Font

    // MARK: Spacing and sizes

    /// The space between related elements.
    public var spacing: CGFloat
    /// The space inside small groups (a title and its line).
    public var smallSpacing: CGFloat
    /// The space between the sections of a screen.
    public var sectionSpacing: CGFloat
    /// The margin around a screen's content.
    public var padding: CGFloat
    /// The point size of the big symbols: the hero, the onboarding pages, the lock.
    public var heroIconSize: CGFloat
    /// The width of the icon column of the feature rows.
    public var featureIconWidth: CGFloat

    // MARK: Corner radii

    /// The corner radius of the feature rows, pricing cards and plan rows, in points (16).
    public var cardCornerRadius: CGFloat
    /// The corner radius of the prominent buttons.
    public var buttonCornerRadius: CGFloat

    /// The accent: warm orange, red 1.0, green 0.42, blue 0.21 (SportsTimePro's `ThePlan` article
    /// names only the colour).
    public static var warmOrange: Color { Color(red: 1.0, green: 0.42, blue: 0.21) }

    /// Creates a theme; every argument defaults to the warm orange look.
    public init(
      accent: Color = PaywallTheme.warmOrange,
      onAccent: Color = .white,
      background: Color = .clear,
      cardBackground: Color = Color.primary.opacity(0.06),
      secondaryText: Color = .secondary,
      success: Color = .green,
      error: Color = .red,
      largeTitleFont: Font = .largeTitle.bold(),
      titleFont: Font = .title2.bold(),
      headlineFont: Font = .headline,
      bodyFont: Font = .body,
      captionFont: Font = .footnote,
      priceFont: Font = .title2.bold(),
      badgeFont: Font = .caption.bold(),
      iconFont: Font = .title2,
      spacing: CGFloat = 16,
      smallSpacing: CGFloat = 8,
      sectionSpacing: CGFloat = 28,
      padding: CGFloat = 20,
      heroIconSize: CGFloat = 56,
      featureIconWidth: CGFloat = 32,
      cardCornerRadius: CGFloat = 16,
      buttonCornerRadius: CGFloat = 14
    ) {
      self.accent = accent
      self.onAccent = onAccent
      self.background = background
      self.cardBackground = cardBackground
      self.secondaryText = secondaryText
      self.success = success
      self.error = error
      self.largeTitleFont = largeTitleFont
      self.titleFont = titleFont
      self.headlineFont = headlineFont
      self.bodyFont = bodyFont
      self.captionFont = captionFont
      self.priceFont = priceFont
      self.badgeFont = badgeFont
      self.iconFont = iconFont
      self.spacing = spacing
      self.smallSpacing = smallSpacing
      self.sectionSpacing = sectionSpacing
      self.padding = padding
      self.heroIconSize = heroIconSize
      self.featureIconWidth = featureIconWidth
      self.cardCornerRadius = cardCornerRadius
      self.buttonCornerRadius = buttonCornerRadius
    }
  }

  extension EnvironmentValues {
    /// The theme of the paywall screens; the warm orange look unless a view sets another with
    /// `paywallTheme(_:)`.
    public var paywallTheme: PaywallTheme {
      get { self[PaywallThemeKey.self] }
      set { self[PaywallThemeKey.self] = newValue }
    }
  }

  extension View {
    /// Sets the theme of the paywall screens in this view and its descendants (and the sheets
    /// they present).
    public func paywallTheme(_ theme: PaywallTheme) -> some View {
      environment(\.paywallTheme, theme)
    }
  }

  private struct PaywallThemeKey: EnvironmentKey {
    // Computed: a theme is cheap to build, and a stored static would have to be Sendable.
    static var defaultValue: PaywallTheme { PaywallTheme() }
  }
#endif
