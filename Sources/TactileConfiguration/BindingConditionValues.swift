import TactileCore
import TactileProtocol

/// What a binding asks of each `BindingCondition` and what an event has there, in the words a
/// configuration writes them (`fingers=3-4`, `direction=up-left`, `mods=ctrl+alt`), for
/// `--explain`'s "fingers 3 ≠ 4". They describe; `Binding.meets` alone decides.
extension Binding {
    /// What this binding asks of `condition`; nil when it asks nothing there.
    public func wanted(_ condition: BindingCondition) -> String? {
        switch condition {
        case .gesture: gesture?.rawValue
        case .name: name
        case .phase: phase.rawValue
        case .fingers: fingers.map { $0.lowerBound == $0.upperBound ? "\($0.lowerBound)" : "\($0.lowerBound)-\($0.upperBound)" }
        case .direction: direction?.rawValue
        case .edge: edge?.rawValue
        case .count: count.map { "\($0)" }
        case .source: source?.rawValue
        case .mods: mods.map { $0.isEmpty ? "none" : $0.text }
        case .device: device
        case .app: app
        }
    }

    /// What `event` has where `condition` looks, as this binding judges it (a direction by the
    /// binding's measure, from the gesture's beginning on any phase but `ended`); nil: nothing
    /// (no name, no edge, no application focused, no direction yet).
    public func actual(_ condition: BindingCondition, _ event: GestureRecord, in context: BindingMatchContext) -> String? {
        switch condition {
        case .gesture: event.gesture.rawValue
        case .name: event.name
        case .phase: event.phase.rawValue
        case .fingers: "\(event.fingers)"
        case .direction: judgedDirection(of: event, in: context)?.rawValue
        case .edge: event.edge?.rawValue
        case .count: "\(event.count)"
        case .source: event.surface?.rawValue
        case .mods: event.modifiers.isEmpty ? "none" : event.modifiers.text
        case .device: event.device
        case .app: context.application
        }
    }

    /// The unit `every=` counts in for this binding's gesture; nil for a binding of every kind
    /// of a declared gesture, or a gesture that never changes.
    public var repeatUnit: Tunable.Unit? {
        gesture.flatMap { BindableGesture($0).progressUnit }
    }
}

extension BindingCondition {
    /// Whether its values are names or globs, which `--explain` quotes: a device's name has spaces.
    public var valuesAreNames: Bool {
        switch self {
        case .name, .device, .app: true
        case .gesture, .phase, .fingers, .direction, .edge, .count, .source, .mods: false
        }
    }
}
