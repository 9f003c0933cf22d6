import TactileProtocol

/// One condition a binding puts on a gesture event. `Binding.matches` is every condition met,
/// each checked by `Binding.meets`, which `--explain` also asks condition by condition: what
/// fires and what the explanation says failed come from the same test.
public enum BindingCondition: String, CaseIterable, Sendable {
    /// The kind of gesture (`drag`); a binding of every kind of a declared gesture sets none.
    case gesture
    /// The declared gesture's name (`hold-then-swipe …`).
    case name
    /// `phase=`, `ended` unless the binding says otherwise.
    case phase
    case fingers
    /// `direction=`, judged as `BindingDirection` says.
    case direction
    case edge
    case count
    case source
    case mods
    case device
    /// `app=`: the focused application.
    case app

    /// Every condition, in the order `matches` checks them: the compares first, the device's
    /// and the focused application's globs, which cost more, last. A stored array: a synthesized
    /// `allCases` would build one per use.
    public static let checkOrder: [BindingCondition] = [
        .gesture, .phase, .name, .fingers, .direction, .edge, .count, .source, .mods, .device, .app,
    ]
}

/// What a binding is judged against besides the event itself.
public struct BindingMatchContext: Sendable {
    /// The focused application (a Wayland app_id or an X11 WM_CLASS class); nil when none is known.
    public var application: String?
    /// The `began` event of the event's gesture, by which `direction=` is judged on any phase
    /// but `ended`; nil when it was not seen.
    public var beginning: GestureRecord?
    /// Some binding of this gesture asks for a diagonal, so drags are judged in eight ways.
    public var eightWay: Bool

    public init(application: String?, beginning: GestureRecord? = nil, eightWay: Bool = false) {
        self.application = application
        self.beginning = beginning
        self.eightWay = eightWay
    }
}

extension Binding {
    /// Whether `event` meets `condition` of this binding; one the binding does not set is met.
    @inline(__always)
    public func meets(_ condition: BindingCondition, _ event: GestureRecord, in context: BindingMatchContext) -> Bool {
        switch condition {
        case .gesture: gesture == nil || event.gesture == gesture
        case .name: name == nil || event.name == name
        case .phase: event.phase == phase
        case .fingers: fingers?.contains(event.fingers) ?? true
        case .direction: direction == nil || judgedDirection(of: event, in: context) == direction
        case .edge: edge == nil || event.edge == edge
        case .count: count == nil || event.count == count
        case .source: source == nil || event.surface == source
        case .mods: mods == nil || event.modifiers == mods
        case .device: device.map { GlobPattern.matches($0, event.device) } ?? true
        case .app: matchesApplication(context.application)
        }
    }

    /// Which way `event` went by the measure of this binding's `direction=`: on `ended`, how it
    /// ended; on any other phase, how its gesture began. nil when it went no way yet, its
    /// `began` was not seen, or the binding asks no direction.
    public func judgedDirection(of event: GestureRecord, in context: BindingMatchContext) -> BindingDirection? {
        guard let direction, let judged = event.phase == .ended ? event : context.beginning else { return nil }
        return BindingDirection.way(of: judged, by: direction.measure, eightWay: context.eightWay)
    }
}
