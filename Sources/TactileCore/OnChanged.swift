/// Calls `action` with the gesture's value when a step published `began` or `changed`.
public struct OnChanged<Base: Gesture>: GestureModifier {
    /// The gesture whose publications it acts on.
    public var base: Base
    public var unpublished: PhaseSet = []
    let action: (Base.Value) -> Void

    public var value: Base.Value? { base.value }

    public mutating func apply(_ published: PhaseSet) {
        guard !published.isDisjoint(with: [.began, .changed]), let value = base.value else { return }
        action(value)
    }
}

extension Gesture {
    /// Calls `action` with the value each time a step published a change (SwiftUI's `onChanged`).
    public func onChanged(_ action: @escaping (Value) -> Void) -> OnChanged<Self> {
        OnChanged(base: self, action: action)
    }

    /// Calls `action` each time a step published a change, for a body that needs no value.
    public func onChanged(_ action: @escaping () -> Void) -> OnChanged<Self> {
        OnChanged(base: self, action: { _ in action() })
    }
}
