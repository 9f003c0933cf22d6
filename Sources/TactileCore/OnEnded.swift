/// Calls `action` with the final value when the gesture's `ended` is published (not when cancelled).
public struct OnEnded<Base: Gesture>: GestureModifier {
    /// The gesture whose publications it acts on.
    public var base: Base
    public var unpublished: PhaseSet = []
    let action: (Base.Value) -> Void

    public var value: Base.Value? { base.value }

    public mutating func apply(_ published: PhaseSet) {
        guard published.contains(.ended), let value = base.value else { return }
        action(value)
    }
}

extension Gesture {
    /// Calls `action` once, with the final value, when the gesture ends successfully (SwiftUI's `onEnded`).
    public func onEnded(_ action: @escaping (Value) -> Void) -> OnEnded<Self> {
        OnEnded(base: self, action: action)
    }

    /// Calls `action` once when the gesture ends successfully, for a body that needs no value:
    /// `TapGesture(count: 2).onEnded { … }`, as SwiftUI's tap, whose value is `Void`, is written.
    public func onEnded(_ action: @escaping () -> Void) -> OnEnded<Self> {
        OnEnded(base: self, action: { _ in action() })
    }
}
