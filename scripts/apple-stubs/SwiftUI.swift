// The part of SwiftUI (with SwiftUICore, which SwiftUI re-exports) that SportsTimeProUI uses,
// for type-checking it on Linux (scripts/check-apple-only --typecheck), written to the iOS 18.0
// SDK's declarations (SwiftUI.framework and SwiftUICore.framework arm64-apple-ios.swiftinterface
// in xybp888/iOS-SDKs@88fdca9): names, labels, generic constraints, `nonisolated` initializers
// and modifiers of main-actor views, `@MainActor` actions, `@escaping`/`@Sendable` closures,
// and availability where it differs from the package's deployment targets. Each declaration
// names the interface and line it comes from: SwiftUICore.swiftinterface (982,545 characters)
// gives 300 of them a line, SwiftUI.swiftinterface (1,369,099 characters) the other 85 — both read whole,
// page by page, outside the repo — and `scripts/check-apple-only --compare-stubs` compares each
// with its line where local copies are present (APPLE_SDK_INTERFACES; scripts/apple-stubs/
// README.md says how to fetch them). `// stub-only: REASON` marks what the stub needs and the
// SDK does not declare (a body for views whose Body is Never); the one `// unmatched:` says how
// Shape is narrower than the SDK's. Where the SDK returns `ModifiedContent<Self, ...>` the stub
// does too; modifiers it declares returning `some View` return `some View`. Nothing here runs.
// SwiftUI re-exports CoreGraphics, whose CGFloat (with its literal conformances) Linux has in
// Foundation: the stub re-exports Foundation for it.
@_exported public import Foundation
public import Observation

private struct StubView: View {  // stub-only
  nonisolated init() {}  // stub-only
  var body: Never { fatalError() }  // stub-only
}

// MARK: - View and its builder

@MainActor @preconcurrency public protocol View {  // SwiftUICore.swiftinterface:11694
  associatedtype Body: View  // SwiftUICore.swiftinterface:11699
  @ViewBuilder @MainActor @preconcurrency var body: Self.Body { get }  // SwiftUICore.swiftinterface:11700
}
extension Never: View {  // SwiftUICore.swiftinterface:13509
  public typealias Body = Never  // stub-only: the SDK's `extension Swift.Never : SwiftUICore.View` (line 13509) leaves Body to inference; the stub names it
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
extension Optional: View where Wrapped: View {  // SwiftUICore.swiftinterface:12984
  public typealias Body = Never  // SwiftUICore.swiftinterface:12985
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}

@resultBuilder public struct ViewBuilder {  // SwiftUICore.swiftinterface:4090
  public static func buildExpression<Content>(_ content: Content) -> Content where Content: View { content }  // SwiftUICore.swiftinterface:4091
  public static func buildBlock() -> EmptyView { EmptyView() }  // SwiftUICore.swiftinterface:4094
  public static func buildBlock<Content>(_ content: Content) -> Content where Content: View { content }  // SwiftUICore.swiftinterface:4097
  public static func buildBlock<each Content>(_ content: repeat each Content) -> TupleView<(repeat each Content)> where repeat each Content: View { TupleView((repeat each content)) }  // SwiftUICore.swiftinterface:4101
  public static func buildIf<Content>(_ content: Content?) -> Content? where Content: View { content }  // SwiftUICore.swiftinterface:4115
  public static func buildEither<TrueContent, FalseContent>(first: TrueContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }  // SwiftUICore.swiftinterface:4118
  public static func buildEither<TrueContent, FalseContent>(second: FalseContent) -> _ConditionalContent<TrueContent, FalseContent> where TrueContent: View, FalseContent: View { fatalError() }  // SwiftUICore.swiftinterface:4121
  public static func buildLimitedAvailability<Content>(_ content: Content) -> AnyView where Content: View { AnyView(content) }  // SwiftUICore.swiftinterface:4131
}

@frozen @MainActor @preconcurrency public struct EmptyView: View {  // SwiftUICore.swiftinterface:11888
  nonisolated public init() {}  // SwiftUICore.swiftinterface:11889
  public typealias Body = Never  // SwiftUICore.swiftinterface:11895
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen @MainActor @preconcurrency public struct TupleView<T>: View {  // SwiftUICore.swiftinterface:2309
  nonisolated public init(_ value: T) {}  // SwiftUICore.swiftinterface:2311
  public typealias Body = Never  // SwiftUICore.swiftinterface:2317
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen public struct _ConditionalContent<TrueContent, FalseContent> {  // SwiftUICore.swiftinterface:14237
}
extension _ConditionalContent: View where TrueContent: View, FalseContent: View {  // SwiftUICore.swiftinterface:14269
  public typealias Body = Never  // SwiftUICore.swiftinterface:14270
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen @MainActor @preconcurrency public struct AnyView: View {  // SwiftUICore.swiftinterface:12479
  nonisolated public init<V>(_ view: V) where V: View {}  // SwiftUICore.swiftinterface:12481
  public typealias Body = Never  // SwiftUICore.swiftinterface:12489
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}

// MARK: - Modifiers

@MainActor @preconcurrency public protocol ViewModifier {  // SwiftUICore.swiftinterface:13125
  associatedtype Body: View  // SwiftUICore.swiftinterface:13130
  @ViewBuilder @MainActor @preconcurrency func body(content: Self.Content) -> Self.Body  // SwiftUICore.swiftinterface:13131
  typealias Content = _ViewModifier_Content<Self>  // SwiftUICore.swiftinterface:13132
}
@MainActor @preconcurrency public struct _ViewModifier_Content<Modifier>: View where Modifier: ViewModifier {  // SwiftUICore.swiftinterface:1648
  public typealias Body = Never  // SwiftUICore.swiftinterface:1658
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen public struct ModifiedContent<Content, Modifier> {  // SwiftUICore.swiftinterface:13185
  public var content: Content  // SwiftUICore.swiftinterface:13187
  public var modifier: Modifier  // SwiftUICore.swiftinterface:13188
}
extension ModifiedContent: View where Content: View, Modifier: ViewModifier {  // SwiftUICore.swiftinterface:13210
  public typealias Body = Never  // SwiftUICore.swiftinterface:13186
  @MainActor @preconcurrency public var body: ModifiedContent<Content, Modifier>.Body { fatalError() }  // SwiftUICore.swiftinterface:13215
}
extension View {  // SwiftUICore.swiftinterface:13175
  nonisolated public func modifier<T>(_ modifier: T) -> ModifiedContent<Self, T> { fatalError() }  // SwiftUICore.swiftinterface:13176
}

extension View {  // SwiftUICore.swiftinterface:14365
  nonisolated public func font(_ font: Font?) -> some View { StubView() }  // SwiftUICore.swiftinterface:14371
  nonisolated public func foregroundStyle<S>(_ style: S) -> some View where S: ShapeStyle { StubView() }  // SwiftUICore.swiftinterface:7887
  nonisolated public func lineLimit(_ number: Int?) -> some View { StubView() }  // SwiftUICore.swiftinterface:7612
  nonisolated public func minimumScaleFactor(_ factor: CGFloat) -> some View { StubView() }  // SwiftUICore.swiftinterface:7417
  nonisolated public func multilineTextAlignment(_ alignment: TextAlignment) -> some View { StubView() }  // SwiftUICore.swiftinterface:7396
  nonisolated public func padding(_ edges: Edge.Set = .all, _ length: CGFloat? = nil) -> some View { StubView() }  // SwiftUICore.swiftinterface:2282
  nonisolated public func padding(_ length: CGFloat) -> some View { StubView() }  // SwiftUICore.swiftinterface:2287
  nonisolated public func background<S, T>(_ style: S, in shape: T, fillStyle: FillStyle = FillStyle()) -> some View where S: ShapeStyle, T: Shape { StubView() }  // SwiftUICore.swiftinterface:13473
  nonisolated public func background<S>(_ style: S, ignoresSafeAreaEdges edges: Edge.Set = .all) -> some View where S: ShapeStyle { StubView() }  // SwiftUICore.swiftinterface:13463
  nonisolated public func background<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View { StubView() }  // SwiftUICore.swiftinterface:13453
  nonisolated public func overlay<V>(alignment: Alignment = .center, @ViewBuilder content: () -> V) -> some View where V: View { StubView() }  // SwiftUICore.swiftinterface:2988
  nonisolated public func fixedSize() -> some View { StubView() }  // SwiftUICore.swiftinterface:1301
  nonisolated public func fixedSize(horizontal: Bool, vertical: Bool) -> some View { StubView() }  // SwiftUICore.swiftinterface:1296
  nonisolated public func frame(width: CGFloat? = nil, height: CGFloat? = nil, alignment: Alignment = .center) -> some View { StubView() }  // SwiftUICore.swiftinterface:10853
  nonisolated public func frame(minWidth: CGFloat? = nil, idealWidth: CGFloat? = nil, maxWidth: CGFloat? = nil, minHeight: CGFloat? = nil, idealHeight: CGFloat? = nil, maxHeight: CGFloat? = nil, alignment: Alignment = .center) -> some View { StubView() }  // SwiftUICore.swiftinterface:10890
  nonisolated public func opacity(_ opacity: Double) -> some View { StubView() }  // SwiftUICore.swiftinterface:3778
  nonisolated public func scaleEffect(_ s: CGFloat, anchor: UnitPoint = .center) -> some View { StubView() }  // SwiftUICore.swiftinterface:16287
  nonisolated public func contentShape<S>(_ shape: S, eoFill: Bool = false) -> some View where S: Shape { StubView() }  // SwiftUI.swiftinterface:16244
  nonisolated public func alignmentGuide(_ g: HorizontalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View { StubView() }  // SwiftUI.swiftinterface:1931
  nonisolated public func alignmentGuide(_ g: VerticalAlignment, computeValue: @escaping (ViewDimensions) -> CGFloat) -> some View { StubView() }  // SwiftUI.swiftinterface:1936
  nonisolated public func disabled(_ disabled: Bool) -> some View { StubView() }  // SwiftUICore.swiftinterface:189
  nonisolated public func allowsHitTesting(_ enabled: Bool) -> some View { StubView() }  // SwiftUI.swiftinterface:5217
  nonisolated public func tint(_ tint: Color?) -> some View { StubView() }  // SwiftUICore.swiftinterface:16535
  nonisolated public func tint<S>(_ tint: S?) -> some View where S: ShapeStyle { StubView() }  // SwiftUICore.swiftinterface:16524
  nonisolated public func id<ID>(_ id: ID) -> some View where ID: Hashable { StubView() }  // SwiftUICore.swiftinterface:15909
  nonisolated public func tag<V>(_ tag: V, includeOptional: Bool = true) -> some View where V: Hashable { StubView() }  // SwiftUICore.swiftinterface:9929
  nonisolated public func preferredColorScheme(_ colorScheme: ColorScheme?) -> some View { StubView() }  // SwiftUICore.swiftinterface:16046
  nonisolated public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View { StubView() }  // SwiftUICore.swiftinterface:2718
  nonisolated public func environment<T>(_ object: T?) -> some View where T: AnyObject, T: Observable { StubView() }  // SwiftUICore.swiftinterface:12471
  nonisolated public func onAppear(perform action: (() -> Void)? = nil) -> some View { StubView() }  // SwiftUICore.swiftinterface:9338
  nonisolated public func onDisappear(perform action: (() -> Void)? = nil) -> some View { StubView() }  // SwiftUICore.swiftinterface:9343
  nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping (_ oldValue: V, _ newValue: V) -> Void) -> some View where V: Equatable { StubView() }  // SwiftUICore.swiftinterface:11644
  nonisolated public func onChange<V>(of value: V, initial: Bool = false, _ action: @escaping () -> Void) -> some View where V: Equatable { StubView() }  // SwiftUICore.swiftinterface:11646
  @available(iOS, deprecated: 17.0)
  @available(macOS, deprecated: 14.0)
  @available(visionOS, deprecated: 1.0)
  nonisolated public func onChange<V>(of value: V, perform action: @escaping (_ newValue: V) -> Void) -> some View where V: Equatable { StubView() }  // SwiftUICore.swiftinterface:11615
  nonisolated public func task(priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View { StubView() }  // SwiftUI.swiftinterface:4382
  nonisolated public func task<T>(id value: T, priority: TaskPriority = .userInitiated, @_inheritActorContext _ action: @escaping @Sendable () async -> Void) -> some View where T: Equatable { StubView() }  // SwiftUI.swiftinterface:4386
  nonisolated public func accessibilityHidden(_ hidden: Bool) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }  // SwiftUI.swiftinterface:11679
  nonisolated public func accessibilityAddTraits(_ traits: AccessibilityTraits) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }  // SwiftUI.swiftinterface:19662
  nonisolated public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { StubView() }  // SwiftUI.swiftinterface:20008
  nonisolated public func accessibilityLabel(_ label: Text) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }  // SwiftUI.swiftinterface:669
  nonisolated public func accessibilityLabel(_ labelKey: LocalizedStringKey) -> ModifiedContent<Self, AccessibilityAttachmentModifier> { fatalError() }  // SwiftUI.swiftinterface:670
  @_disfavoredOverload nonisolated public func accessibilityLabel<S>(_ label: S) -> ModifiedContent<Self, AccessibilityAttachmentModifier> where S: StringProtocol { fatalError() }  // SwiftUI.swiftinterface:671
  nonisolated public func onTapGesture(count: Int = 1, perform action: @escaping () -> Void) -> some View { StubView() }  // SwiftUICore.swiftinterface:12338
  nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: ButtonStyle { StubView() }  // SwiftUI.swiftinterface:9295
  nonisolated public func buttonStyle<S>(_ style: S) -> some View where S: PrimitiveButtonStyle { StubView() }  // SwiftUI.swiftinterface:7387
  nonisolated public func keyboardShortcut(_ shortcut: KeyboardShortcut) -> some View { StubView() }  // SwiftUI.swiftinterface:17736
  nonisolated public func interactiveDismissDisabled(_ isDisabled: Bool = true) -> some View { StubView() }  // SwiftUI.swiftinterface:19874
  nonisolated public func tabViewStyle<S>(_ style: S) -> some View where S: TabViewStyle { StubView() }  // SwiftUI.swiftinterface:3517
  nonisolated public func sheet<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View where Content: View { StubView() }  // SwiftUI.swiftinterface:6518
  nonisolated public func sheet<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View where Item: Identifiable, Content: View { StubView() }  // SwiftUI.swiftinterface:6516
  @available(macOS, unavailable)
  nonisolated public func fullScreenCover<Content>(isPresented: Binding<Bool>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping () -> Content) -> some View where Content: View { StubView() }  // SwiftUI.swiftinterface:6529
  @available(macOS, unavailable)
  nonisolated public func fullScreenCover<Item, Content>(item: Binding<Item?>, onDismiss: (() -> Void)? = nil, @ViewBuilder content: @escaping (Item) -> Content) -> some View where Item: Identifiable, Content: View { StubView() }  // SwiftUI.swiftinterface:6524
}

// MARK: - State and environment

public protocol DynamicProperty {}  // SwiftUICore.swiftinterface:5872

@frozen @propertyWrapper public struct State<Value>: DynamicProperty {  // SwiftUICore.swiftinterface:13546
  public init(wrappedValue value: Value) {}  // SwiftUICore.swiftinterface:13551
  public init(initialValue value: Value) {}  // SwiftUICore.swiftinterface:13555
  public var wrappedValue: Value { get { fatalError() } nonmutating set {} }  // SwiftUICore.swiftinterface:13558
  public var projectedValue: Binding<Value> { fatalError() }  // SwiftUICore.swiftinterface:13562
}
extension State: Sendable where Value: Sendable {}  // SwiftUICore.swiftinterface:13568
extension State where Value: ExpressibleByNilLiteral {  // SwiftUICore.swiftinterface:13575
  public init() {}  // SwiftUICore.swiftinterface:13576
}

@frozen @propertyWrapper @dynamicMemberLookup public struct Binding<Value> {  // SwiftUICore.swiftinterface:9798
  @preconcurrency public init(@_inheritActorContext get: @escaping @isolated(any) @Sendable () -> Value, @_inheritActorContext set: @escaping @isolated(any) @Sendable (Value) -> Void) {}  // SwiftUICore.swiftinterface:9807
  public init(projectedValue: Binding<Value>) {}  // SwiftUICore.swiftinterface:9820
  public var wrappedValue: Value { get { fatalError() } nonmutating set {} }  // SwiftUICore.swiftinterface:9813
  public var projectedValue: Binding<Value> { fatalError() }  // SwiftUICore.swiftinterface:9817
  public subscript<Subject>(dynamicMember keyPath: WritableKeyPath<Value, Subject>) -> Binding<Subject> { fatalError() }  // SwiftUICore.swiftinterface:9823
}
extension Binding: @unchecked Sendable where Value: Sendable {}  // SwiftUICore.swiftinterface:9828

@frozen @propertyWrapper public struct Environment<Value>: DynamicProperty {  // SwiftUICore.swiftinterface:9716
  public init(_ keyPath: KeyPath<EnvironmentValues, Value>) {}  // SwiftUICore.swiftinterface:9724
  public var wrappedValue: Value { fatalError() }  // SwiftUICore.swiftinterface:9727
}
extension Environment {  // SwiftUICore.swiftinterface:12446
  public init(_ objectType: Value.Type) where Value: AnyObject, Value: Observable {}  // SwiftUICore.swiftinterface:12448
  public init<T>(_ objectType: T.Type) where Value == T?, T: AnyObject, T: Observable {}  // SwiftUICore.swiftinterface:12450
}
extension Environment: Sendable where Value: Sendable {}  // SwiftUICore.swiftinterface:9758

public protocol EnvironmentKey {  // SwiftUICore.swiftinterface:10716
  associatedtype Value  // SwiftUICore.swiftinterface:10717
  static var defaultValue: Self.Value { get }  // SwiftUICore.swiftinterface:10718
}
public struct EnvironmentValues: CustomStringConvertible {  // SwiftUICore.swiftinterface:10068
  public init() {}  // SwiftUICore.swiftinterface:10069
  public subscript<K>(key: K.Type) -> K.Value where K: EnvironmentKey { get { fatalError() } set {} }  // SwiftUICore.swiftinterface:10070
  public var description: String { "" }  // SwiftUICore.swiftinterface:10074
  public var locale: Locale { get { fatalError() } set {} }  // SwiftUICore.swiftinterface:14446
  public var timeZone: TimeZone { get { fatalError() } set {} }  // SwiftUICore.swiftinterface:14454
  public var isEnabled: Bool { get { fatalError() } set {} }  // SwiftUICore.swiftinterface:178
  public var colorScheme: ColorScheme { get { fatalError() } set {} }  // SwiftUICore.swiftinterface:15994
  public var dismiss: DismissAction { fatalError() }  // SwiftUI.swiftinterface:1187
  public var openURL: OpenURLAction { get { fatalError() } set {} }  // SwiftUICore.swiftinterface:2748
}
@MainActor @preconcurrency public struct DismissAction {  // SwiftUI.swiftinterface:1182
  @MainActor @preconcurrency public func callAsFunction() {}  // SwiftUI.swiftinterface:1183
}
@MainActor @preconcurrency public struct OpenURLAction {  // SwiftUICore.swiftinterface:2728
  @MainActor @preconcurrency public func callAsFunction(_ url: URL) {}  // SwiftUICore.swiftinterface:2738
}

public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result { try body() }  // SwiftUICore.swiftinterface:14868
@frozen public struct Animation: Equatable, Sendable {  // SwiftUICore.swiftinterface:16467
  public static let `default`: Animation = Animation()  // SwiftUICore.swiftinterface:1314
}

// MARK: - Views

@frozen public struct Text: Equatable, Sendable {  // SwiftUICore.swiftinterface:15728
  nonisolated public init(verbatim content: String) {}  // SwiftUICore.swiftinterface:15755
  nonisolated public init(_ key: LocalizedStringKey, tableName: String? = nil, bundle: Bundle? = nil, comment: StaticString? = nil) {}  // SwiftUICore.swiftinterface:4390
  @_disfavoredOverload nonisolated public init<S>(_ content: S) where S: StringProtocol {}  // SwiftUICore.swiftinterface:15758
  public func font(_ font: Font?) -> Text { self }  // SwiftUICore.swiftinterface:11253
  public func bold() -> Text { self }  // SwiftUICore.swiftinterface:11257
  public func foregroundStyle<S>(_ style: S) -> Text where S: ShapeStyle { self }  // SwiftUICore.swiftinterface:11252
}
extension Text: View {  // SwiftUICore.swiftinterface:5088
  public typealias Body = Never  // SwiftUICore.swiftinterface:5091
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen public struct LocalizedStringKey: Equatable, ExpressibleByStringInterpolation {  // SwiftUICore.swiftinterface:4397
  public init(_ value: String) {}  // SwiftUICore.swiftinterface:4401
  public init(stringLiteral value: String) {}  // SwiftUICore.swiftinterface:4402
}
@frozen public struct Image: Equatable, Sendable {  // SwiftUICore.swiftinterface:16057
  nonisolated public init(systemName: String) {}  // SwiftUICore.swiftinterface:7684
}
extension Image: View {  // SwiftUICore.swiftinterface:16066
  public typealias Body = Never  // SwiftUICore.swiftinterface:16069
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen @MainActor @preconcurrency public struct VStack<Content>: View where Content: View {  // SwiftUICore.swiftinterface:1061
  nonisolated public init(alignment: HorizontalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}  // SwiftUICore.swiftinterface:1064
  public typealias Body = Never  // SwiftUICore.swiftinterface:1073
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen @MainActor @preconcurrency public struct HStack<Content>: View where Content: View {  // SwiftUICore.swiftinterface:4755
  nonisolated public init(alignment: VerticalAlignment = .center, spacing: CGFloat? = nil, @ViewBuilder content: () -> Content) {}  // SwiftUICore.swiftinterface:4758
  public typealias Body = Never  // SwiftUICore.swiftinterface:4767
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen @MainActor @preconcurrency public struct ZStack<Content>: View where Content: View {  // SwiftUICore.swiftinterface:301
  nonisolated public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {}  // SwiftUICore.swiftinterface:304
  public typealias Body = Never  // SwiftUICore.swiftinterface:309
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
@frozen @MainActor @preconcurrency public struct Spacer {  // SwiftUICore.swiftinterface:3053
  @MainActor @preconcurrency public init(minLength: CGFloat? = nil) {}  // SwiftUICore.swiftinterface:3055
  public typealias Body = Never  // SwiftUICore.swiftinterface:3059
}
extension Spacer: View {  // SwiftUICore.swiftinterface:17290
  public var body: Never { fatalError() }  // stub-only: the SDK's Spacer is a primitive view
}
@frozen public struct Group<Content> {  // SwiftUICore.swiftinterface:2404
}
extension Group: View where Content: View {  // SwiftUICore.swiftinterface:2432
  nonisolated public init(@ViewBuilder content: () -> Content) {}  // SwiftUICore.swiftinterface:2433
  public typealias Body = Never  // SwiftUICore.swiftinterface:2405
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
public struct ForEach<Data, ID, Content> where Data: RandomAccessCollection, ID: Hashable {  // SwiftUICore.swiftinterface:14538
}
extension ForEach: View where Content: View {  // SwiftUICore.swiftinterface:14550
  public typealias Body = Never  // SwiftUICore.swiftinterface:14551
  public var body: Never { fatalError() }  // stub-only: the SDK declares no `body` for a view whose Body is Never (SwiftUICore supplies it internally); a stub view must, to conform to View
}
extension ForEach where ID == Data.Element.ID, Content: View, Data.Element: Identifiable {  // SwiftUICore.swiftinterface:14560
  nonisolated public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {}  // SwiftUICore.swiftinterface:14561
}
extension ForEach where Content: View {  // SwiftUICore.swiftinterface:14568
  nonisolated public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {}  // SwiftUICore.swiftinterface:14569
}
@MainActor @preconcurrency public struct Button<Label>: View where Label: View {  // SwiftUI.swiftinterface:19505
  nonisolated public init(action: @escaping @MainActor () -> Void, @ViewBuilder label: () -> Label) {}  // SwiftUI.swiftinterface:19506
  public typealias Body = Never  // stub-only: the SDK's Button has a body of its own
  public var body: Never { fatalError() }  // stub-only
}
extension Button where Label == Text {  // SwiftUI.swiftinterface:19517
  nonisolated public init(_ titleKey: LocalizedStringKey, action: @escaping @MainActor () -> Void) {}  // SwiftUI.swiftinterface:19518
  @_disfavoredOverload nonisolated public init<S>(_ title: S, action: @escaping @MainActor () -> Void) where S: StringProtocol {}  // SwiftUI.swiftinterface:19519
}
@MainActor @preconcurrency public struct Link<Label>: View where Label: View {  // SwiftUI.swiftinterface:10368
  nonisolated public init(destination: URL, @ViewBuilder label: () -> Label) {}  // SwiftUI.swiftinterface:10369
  public typealias Body = Never  // stub-only
  public var body: Never { fatalError() }  // stub-only
}
extension Link where Label == Text {  // SwiftUI.swiftinterface:10380
  nonisolated public init(_ titleKey: LocalizedStringKey, destination: URL) {}  // SwiftUI.swiftinterface:10381
  @_disfavoredOverload nonisolated public init<S>(_ title: S, destination: URL) where S: StringProtocol {}  // SwiftUI.swiftinterface:10382
}
@MainActor @preconcurrency public struct ProgressView<Label, CurrentValueLabel>: View where Label: View, CurrentValueLabel: View {  // SwiftUI.swiftinterface:3290
  public typealias Body = Never  // stub-only: the SDK's body is an opaque view of its own
  public var body: Never { fatalError() }  // stub-only
}
extension ProgressView where CurrentValueLabel == EmptyView {  // SwiftUI.swiftinterface:3301
  nonisolated public init() where Label == EmptyView {}  // SwiftUI.swiftinterface:3302
}
@MainActor @preconcurrency public struct ScrollView<Content>: View where Content: View {  // SwiftUI.swiftinterface:12903
  nonisolated public init(_ axes: Axis.Set = .vertical, @ViewBuilder content: () -> Content) {}  // SwiftUI.swiftinterface:12929
  public typealias Body = Never  // stub-only
  public var body: Never { fatalError() }  // stub-only
}
@MainActor @preconcurrency public struct Form<Content>: View where Content: View {  // SwiftUI.swiftinterface:11815
  nonisolated public init(@ViewBuilder content: () -> Content) {}  // SwiftUI.swiftinterface:11816
  public typealias Body = Never  // stub-only
  public var body: Never { fatalError() }  // stub-only
}
public struct Section<Parent, Content, Footer> {  // SwiftUI.swiftinterface:9900
}
extension Section: View where Parent: View, Content: View, Footer: View {  // SwiftUI.swiftinterface:9906
  public typealias Body = Never  // stub-only
  public var body: Never { fatalError() }  // stub-only
}
extension Section where Parent: View, Content: View, Footer == EmptyView {  // SwiftUI.swiftinterface:9924
  nonisolated public init(@ViewBuilder content: () -> Content, @ViewBuilder header: () -> Parent) {}  // SwiftUI.swiftinterface:9925
}
@MainActor @preconcurrency public struct TabView<SelectionValue, Content>: View where SelectionValue: Hashable, Content: View {  // SwiftUI.swiftinterface:1996
  @available(iOS, deprecated: 100000.0)
  @available(macOS, deprecated: 100000.0)
  nonisolated public init(selection: Binding<SelectionValue>?, @ViewBuilder content: () -> Content) {}  // SwiftUI.swiftinterface:2001
  public typealias Body = Never  // stub-only
  public var body: Never { fatalError() }  // stub-only
}

// MARK: - Styles

@MainActor @preconcurrency public protocol ButtonStyle {  // SwiftUI.swiftinterface:9271
  associatedtype Body: View  // SwiftUI.swiftinterface:9272
  @ViewBuilder @MainActor @preconcurrency func makeBody(configuration: Self.Configuration) -> Self.Body  // SwiftUI.swiftinterface:9273
  typealias Configuration = ButtonStyleConfiguration  // SwiftUI.swiftinterface:9274
}
public struct ButtonStyleConfiguration {  // SwiftUI.swiftinterface:9277
  @MainActor @preconcurrency public struct Label: View {  // SwiftUI.swiftinterface:9278
    public typealias Body = Never  // SwiftUI.swiftinterface:9280
    public var body: Never { fatalError() }  // stub-only: a Never-bodied view needs it; the SDK keeps it out of its interface
  }
  public let label: ButtonStyleConfiguration.Label  // SwiftUI.swiftinterface:9284
  public let isPressed: Bool  // SwiftUI.swiftinterface:9285
}
@MainActor @preconcurrency public protocol PrimitiveButtonStyle {  // SwiftUI.swiftinterface:7363
  associatedtype Body: View  // SwiftUI.swiftinterface:7364
}
@MainActor @preconcurrency public struct PlainButtonStyle: PrimitiveButtonStyle {  // SwiftUI.swiftinterface:7672
  public typealias Body = Never  // stub-only
  @MainActor @preconcurrency public init() {}  // SwiftUI.swiftinterface:7673
}
@MainActor @preconcurrency public struct BorderedButtonStyle: PrimitiveButtonStyle {  // SwiftUI.swiftinterface:14509
  public typealias Body = Never  // stub-only
  @MainActor @preconcurrency public init() {}  // SwiftUI.swiftinterface:14510
}
extension PrimitiveButtonStyle where Self == PlainButtonStyle {  // SwiftUI.swiftinterface:7666
  @MainActor @preconcurrency public static var plain: PlainButtonStyle { PlainButtonStyle() }  // SwiftUI.swiftinterface:7667
}
extension PrimitiveButtonStyle where Self == BorderedButtonStyle {  // SwiftUI.swiftinterface:14503
  @MainActor @preconcurrency public static var bordered: BorderedButtonStyle { BorderedButtonStyle() }  // SwiftUI.swiftinterface:14504
}
@MainActor @preconcurrency public protocol TabViewStyle {}  // SwiftUI.swiftinterface:3505
@available(macOS, unavailable)
@MainActor @preconcurrency public struct PageTabViewStyle: TabViewStyle {  // SwiftUI.swiftinterface:9183
  public struct IndexDisplayMode: Sendable {  // SwiftUI.swiftinterface:9184
    public static let automatic: PageTabViewStyle.IndexDisplayMode = IndexDisplayMode()  // SwiftUI.swiftinterface:9185
    public static let always: PageTabViewStyle.IndexDisplayMode = IndexDisplayMode()  // SwiftUI.swiftinterface:9187
    public static let never: PageTabViewStyle.IndexDisplayMode = IndexDisplayMode()  // SwiftUI.swiftinterface:9189
  }
  public init(indexDisplayMode: PageTabViewStyle.IndexDisplayMode = .automatic) {}  // SwiftUI.swiftinterface:9191
}
@available(macOS, unavailable)
extension TabViewStyle where Self == PageTabViewStyle {  // SwiftUI.swiftinterface:9173
  @available(macOS, unavailable)
  @MainActor @preconcurrency public static func page(indexDisplayMode: PageTabViewStyle.IndexDisplayMode) -> PageTabViewStyle { PageTabViewStyle() }  // SwiftUI.swiftinterface:9177
}
public struct KeyboardShortcut: Sendable {  // SwiftUI.swiftinterface:17765
  public static let defaultAction: KeyboardShortcut = KeyboardShortcut()  // SwiftUI.swiftinterface:17774
  public static let cancelAction: KeyboardShortcut = KeyboardShortcut()  // SwiftUI.swiftinterface:17775
}

// MARK: - Shapes, colours and fonts

public protocol ShapeStyle: Sendable {}  // SwiftUICore.swiftinterface:8005
public protocol Shape: Sendable, View {}  // unmatched: SwiftUICore.swiftinterface:8074 declares Shape: Sendable, Animatable, View, _RemoveGlobalActorIsolation; the stub leaves out Animatable (and the VectorArithmetic machinery it needs) and that marker protocol, so it is narrower than the SDK, never looser
public protocol InsettableShape: Shape {}  // SwiftUICore.swiftinterface:8806
extension Shape {  // SwiftUICore.swiftinterface:15126
  nonisolated public func fill<S>(_ content: S, style: FillStyle = FillStyle()) -> some View where S: ShapeStyle { StubView() }  // SwiftUICore.swiftinterface:15127
}
extension InsettableShape {  // SwiftUICore.swiftinterface:8815
  nonisolated public func strokeBorder<S>(_ content: S, lineWidth: CGFloat = 1, antialiased: Bool = true) -> some View where S: ShapeStyle { StubView() }  // SwiftUICore.swiftinterface:8828
}
@frozen public struct Circle: Shape {  // SwiftUICore.swiftinterface:8781
  nonisolated public init() {}  // SwiftUICore.swiftinterface:8783
  public var body: Never { fatalError() }  // stub-only: the SDK's shapes draw a path
}
@frozen public struct Capsule: Shape {  // SwiftUICore.swiftinterface:8724
  nonisolated public init(style: RoundedCornerStyle = .continuous) {}  // SwiftUICore.swiftinterface:8726
  public var body: Never { fatalError() }  // stub-only
}
@frozen public struct Rectangle: Shape {  // SwiftUICore.swiftinterface:8609
  nonisolated public init() {}  // SwiftUICore.swiftinterface:8615
  public var body: Never { fatalError() }  // stub-only
}
@frozen public struct RoundedRectangle: Shape {  // SwiftUICore.swiftinterface:8635
  nonisolated public init(cornerRadius: CGFloat, style: RoundedCornerStyle = .continuous) {}  // SwiftUICore.swiftinterface:8642
  public var body: Never { fatalError() }  // stub-only
}
public enum RoundedCornerStyle: Sendable {  // SwiftUICore.swiftinterface:16396
  case circular  // SwiftUICore.swiftinterface:16397
  case continuous  // SwiftUICore.swiftinterface:16398
}
@frozen public struct FillStyle: Equatable {  // SwiftUICore.swiftinterface:5382
  public init(eoFill: Bool = false, antialiased: Bool = true) {}  // SwiftUICore.swiftinterface:5385
}
@frozen public struct Color: Hashable, CustomStringConvertible, Sendable {  // SwiftUICore.swiftinterface:11521
  public enum RGBColorSpace: Sendable {  // SwiftUICore.swiftinterface:3265
    case sRGB  // SwiftUICore.swiftinterface:3266
    case sRGBLinear  // SwiftUICore.swiftinterface:3267
    case displayP3  // SwiftUICore.swiftinterface:3268
  }
  public init(_ colorSpace: Color.RGBColorSpace = .sRGB, red: Double, green: Double, blue: Double, opacity: Double = 1) {}  // SwiftUICore.swiftinterface:3275
  public var description: String { "" }  // SwiftUICore.swiftinterface:11537
  public func opacity(_ opacity: Double) -> Color { self }  // SwiftUICore.swiftinterface:14088
  public static let clear: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6601
  public static let black: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6600
  public static let white: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6598
  public static let red: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6581
  public static let orange: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6582
  public static let green: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6584
  public static let blue: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6591
  public static let purple: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6594
  public static let gray: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6599
  public static let primary: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6602
  public static let secondary: Color = Color(red: 0, green: 0, blue: 0)  // SwiftUICore.swiftinterface:6603
}
extension Color: ShapeStyle {}  // SwiftUICore.swiftinterface:1391
extension Color: View {  // SwiftUICore.swiftinterface:11557
  public typealias Body = Never  // stub-only
  public var body: Never { fatalError() }  // stub-only
}
@frozen public struct Font: Hashable, Sendable {  // SwiftUICore.swiftinterface:3008
  public static let largeTitle: Font = Font()  // SwiftUICore.swiftinterface:10515
  public static let title: Font = Font()  // SwiftUICore.swiftinterface:10516
  public static let title2: Font = Font()  // SwiftUICore.swiftinterface:10518
  public static let title3: Font = Font()  // SwiftUICore.swiftinterface:10520
  public static let headline: Font = Font()  // SwiftUICore.swiftinterface:10521
  public static let subheadline: Font = Font()  // SwiftUICore.swiftinterface:10522
  public static let body: Font = Font()  // SwiftUICore.swiftinterface:10523
  public static let callout: Font = Font()  // SwiftUICore.swiftinterface:10524
  public static let footnote: Font = Font()  // SwiftUICore.swiftinterface:10525
  public static let caption: Font = Font()  // SwiftUICore.swiftinterface:10526
  public static let caption2: Font = Font()  // SwiftUICore.swiftinterface:10528
  public static func system(size: CGFloat, weight: Font.Weight? = nil, design: Font.Design? = nil) -> Font { Font() }  // SwiftUICore.swiftinterface:15065
  public func bold() -> Font { self }  // SwiftUICore.swiftinterface:10612
  @frozen public struct Weight: Hashable {  // SwiftUICore.swiftinterface:10624
    public static let regular: Font.Weight = Weight()  // SwiftUICore.swiftinterface:10629
    public static let bold: Font.Weight = Weight()  // SwiftUICore.swiftinterface:10632
  }
  public enum Design: Hashable, Sendable {  // SwiftUICore.swiftinterface:15072
    case `default`  // SwiftUICore.swiftinterface:15073
    case rounded  // SwiftUICore.swiftinterface:15076
  }
}
public enum ColorScheme: CaseIterable, Sendable {  // SwiftUICore.swiftinterface:15940
  case light  // SwiftUICore.swiftinterface:15941
  case dark  // SwiftUICore.swiftinterface:15942
}

// MARK: - Layout values

@frozen public enum TextAlignment: Hashable, CaseIterable {  // SwiftUICore.swiftinterface:14097
  case leading  // SwiftUICore.swiftinterface:14098
  case center  // SwiftUICore.swiftinterface:14099
  case trailing  // SwiftUICore.swiftinterface:14100
}
@frozen public enum Edge: Int8, CaseIterable {  // SwiftUICore.swiftinterface:1123
  case top, leading, bottom, trailing  // SwiftUICore.swiftinterface:1124
  @frozen public struct Set: OptionSet {  // SwiftUICore.swiftinterface:1125
    public let rawValue: Int8  // SwiftUICore.swiftinterface:1127
    public init(rawValue: Int8) { self.rawValue = rawValue }  // SwiftUICore.swiftinterface:1128
    public static let top: Edge.Set = Set(rawValue: 1)  // SwiftUICore.swiftinterface:1129
    public static let leading: Edge.Set = Set(rawValue: 2)  // SwiftUICore.swiftinterface:1130
    public static let bottom: Edge.Set = Set(rawValue: 4)  // SwiftUICore.swiftinterface:1131
    public static let trailing: Edge.Set = Set(rawValue: 8)  // SwiftUICore.swiftinterface:1132
    public static let all: Edge.Set = Set(rawValue: 15)  // SwiftUICore.swiftinterface:1133
    public static let horizontal: Edge.Set = Set(rawValue: 10)  // SwiftUICore.swiftinterface:1134
    public static let vertical: Edge.Set = Set(rawValue: 5)  // SwiftUICore.swiftinterface:1135
  }
}
@frozen public enum Axis: Int8, CaseIterable {  // SwiftUICore.swiftinterface:2209
  case horizontal  // SwiftUICore.swiftinterface:2210
  case vertical  // SwiftUICore.swiftinterface:2211
  @frozen public struct Set: OptionSet {  // SwiftUICore.swiftinterface:2222
    public let rawValue: Int8  // SwiftUICore.swiftinterface:2224
    public init(rawValue: Int8) { self.rawValue = rawValue }  // SwiftUICore.swiftinterface:2225
    public static let horizontal: Axis.Set = Set(rawValue: 1)  // SwiftUICore.swiftinterface:2226
    public static let vertical: Axis.Set = Set(rawValue: 2)  // SwiftUICore.swiftinterface:2227
  }
}
@frozen public struct HorizontalAlignment: Equatable {  // SwiftUICore.swiftinterface:9577
  public static let leading: HorizontalAlignment = HorizontalAlignment()  // SwiftUICore.swiftinterface:9628
  public static let center: HorizontalAlignment = HorizontalAlignment()  // SwiftUICore.swiftinterface:9629
  public static let trailing: HorizontalAlignment = HorizontalAlignment()  // SwiftUICore.swiftinterface:9630
}
@frozen public struct VerticalAlignment: Equatable {  // SwiftUICore.swiftinterface:9595
  public static let top: VerticalAlignment = VerticalAlignment()  // SwiftUICore.swiftinterface:9638
  public static let center: VerticalAlignment = VerticalAlignment()  // SwiftUICore.swiftinterface:9639
  public static let bottom: VerticalAlignment = VerticalAlignment()  // SwiftUICore.swiftinterface:9640
}
@frozen public struct Alignment: Equatable {  // SwiftUICore.swiftinterface:9613
  public var horizontal: HorizontalAlignment  // SwiftUICore.swiftinterface:9614
  public var vertical: VerticalAlignment  // SwiftUICore.swiftinterface:9615
  public static let center: Alignment = Alignment(horizontal: .center, vertical: .center)  // SwiftUICore.swiftinterface:9650
  public static let leading: Alignment = Alignment(horizontal: .leading, vertical: .center)  // SwiftUICore.swiftinterface:9651
  public static let trailing: Alignment = Alignment(horizontal: .trailing, vertical: .center)  // SwiftUICore.swiftinterface:9652
  public static let top: Alignment = Alignment(horizontal: .center, vertical: .top)  // SwiftUICore.swiftinterface:9653
  public static let bottom: Alignment = Alignment(horizontal: .center, vertical: .bottom)  // SwiftUICore.swiftinterface:9654
  public static let topLeading: Alignment = Alignment(horizontal: .leading, vertical: .top)  // SwiftUICore.swiftinterface:9655
  public static let topTrailing: Alignment = Alignment(horizontal: .trailing, vertical: .top)  // SwiftUICore.swiftinterface:9656
  public static let bottomLeading: Alignment = Alignment(horizontal: .leading, vertical: .bottom)  // SwiftUICore.swiftinterface:9657
  public static let bottomTrailing: Alignment = Alignment(horizontal: .trailing, vertical: .bottom)  // SwiftUICore.swiftinterface:9658
}
@frozen public struct UnitPoint: Hashable {  // SwiftUICore.swiftinterface:8208
  public static let center: UnitPoint = UnitPoint()  // SwiftUICore.swiftinterface:8219
}
public struct ViewDimensions {  // SwiftUICore.swiftinterface:1238
  public var width: CGFloat { 0 }  // SwiftUICore.swiftinterface:1239
  public var height: CGFloat { 0 }  // SwiftUICore.swiftinterface:1242
  public subscript(guide: HorizontalAlignment) -> CGFloat { 0 }  // SwiftUICore.swiftinterface:1245
  public subscript(guide: VerticalAlignment) -> CGFloat { 0 }  // SwiftUICore.swiftinterface:1248
}
extension ViewDimensions: Equatable {}  // SwiftUICore.swiftinterface:1266

// MARK: - Accessibility

public struct AccessibilityTraits: SetAlgebra, Sendable {  // SwiftUICore.swiftinterface:4347
  private var bits: Set<Int>  // stub-only
  private init(_ bits: Set<Int>) { self.bits = bits }  // stub-only
  public init() { bits = [] }  // SwiftUICore.swiftinterface:4367
  public static let isButton: AccessibilityTraits = AccessibilityTraits([1])  // SwiftUICore.swiftinterface:4348
  public static let isHeader: AccessibilityTraits = AccessibilityTraits([2])  // SwiftUICore.swiftinterface:4349
  public static let isSelected: AccessibilityTraits = AccessibilityTraits([3])  // SwiftUICore.swiftinterface:4350
  public static let isLink: AccessibilityTraits = AccessibilityTraits([4])  // SwiftUICore.swiftinterface:4351
  public func union(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(bits.union(other.bits)) }  // SwiftUICore.swiftinterface:4368
  public func intersection(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(bits.intersection(other.bits)) }  // SwiftUICore.swiftinterface:4370
  public func symmetricDifference(_ other: AccessibilityTraits) -> AccessibilityTraits { AccessibilityTraits(bits.symmetricDifference(other.bits)) }  // SwiftUICore.swiftinterface:4372
  public func contains(_ member: AccessibilityTraits) -> Bool { member.bits.isSubset(of: bits) }  // SwiftUICore.swiftinterface:4374
  public mutating func insert(_ newMember: AccessibilityTraits) -> (inserted: Bool, memberAfterInsert: AccessibilityTraits) {  // SwiftUICore.swiftinterface:4375
    bits.formUnion(newMember.bits)
    return (true, newMember)
  }
  public mutating func remove(_ member: AccessibilityTraits) -> AccessibilityTraits? {  // SwiftUICore.swiftinterface:4376
    bits.subtract(member.bits)
    return member
  }
  public mutating func update(with newMember: AccessibilityTraits) -> AccessibilityTraits? {  // SwiftUICore.swiftinterface:4377
    bits.formUnion(newMember.bits)
    return nil
  }
  public mutating func formUnion(_ other: AccessibilityTraits) { bits.formUnion(other.bits) }  // SwiftUICore.swiftinterface:4369
  public mutating func formIntersection(_ other: AccessibilityTraits) { bits.formIntersection(other.bits) }  // SwiftUICore.swiftinterface:4371
  public mutating func formSymmetricDifference(_ other: AccessibilityTraits) { bits.formSymmetricDifference(other.bits) }  // SwiftUICore.swiftinterface:4373
}
// Computed here: the SDK's stored statics of a non-Sendable type compile in its Swift 5 mode only.
public struct AccessibilityChildBehavior: Hashable {  // SwiftUI.swiftinterface:19572
  public static var ignore: AccessibilityChildBehavior { AccessibilityChildBehavior() }  // SwiftUI.swiftinterface:20013
  public static var contain: AccessibilityChildBehavior { AccessibilityChildBehavior() }  // SwiftUI.swiftinterface:20014
  public static var combine: AccessibilityChildBehavior { AccessibilityChildBehavior() }  // SwiftUI.swiftinterface:20015
}
@available(*, unavailable)
extension AccessibilityChildBehavior: Sendable {}  // SwiftUI.swiftinterface:19580
@MainActor @preconcurrency public struct AccessibilityAttachmentModifier: ViewModifier {  // SwiftUI.swiftinterface:13127
  public typealias Body = Never  // SwiftUI.swiftinterface:13129
  public func body(content: Content) -> Never { fatalError() }  // stub-only: a Never-bodied modifier's body, which the SDK keeps out of its interface
}

// Conformances the SDK declares in extensions (the stub declared them inline before it was compared)
extension Circle: InsettableShape {}  // SwiftUICore.swiftinterface:9087
extension Capsule: InsettableShape {}  // SwiftUICore.swiftinterface:8984
extension Rectangle: InsettableShape {}  // SwiftUICore.swiftinterface:8844
extension RoundedRectangle: InsettableShape {}  // SwiftUICore.swiftinterface:8891
extension Font.Weight: Sendable {}  // SwiftUICore.swiftinterface:18093
extension TextAlignment: Sendable {}  // SwiftUICore.swiftinterface:18654
extension Edge: Sendable {}  // SwiftUICore.swiftinterface:16927
extension Axis: Sendable {}  // SwiftUICore.swiftinterface:17140
extension HorizontalAlignment: Sendable {}  // SwiftUICore.swiftinterface:18303
extension VerticalAlignment: Sendable {}  // SwiftUICore.swiftinterface:18315
extension Alignment: Sendable {}  // SwiftUICore.swiftinterface:16801
extension UnitPoint: Sendable {}  // SwiftUICore.swiftinterface:17620
extension Edge.Set: Sendable {}  // SwiftUICore.swiftinterface:16945
extension Axis.Set: Sendable {}  // SwiftUICore.swiftinterface:17152
extension RoundedCornerStyle: Equatable {}  // SwiftUICore.swiftinterface:17907
extension RoundedCornerStyle: Hashable {}  // SwiftUICore.swiftinterface:17913
