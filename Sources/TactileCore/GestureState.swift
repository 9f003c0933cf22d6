/// State that lives only while a gesture is in flight (SwiftUI's `@GestureState`): `updating`
/// writes it as the gesture changes, and it returns to `initialValue` when the gesture ends,
/// is cancelled or is reset.
///
/// A class, so the app and the gesture value inside the engine share one instance; it is
/// created once, with the gesture, never per frame.
public final class GestureState<Value> {
    public let initialValue: Value
    public fileprivate(set) var wrappedValue: Value

    public init(initialValue: Value) {
        self.initialValue = initialValue
        self.wrappedValue = initialValue
    }

    fileprivate func restore() { wrappedValue = initialValue }
}

/// Calls `body(value, &state)` when a step published `began` or `changed`, and restores the
/// state when the gesture's `ended` or `cancelled` is published or it is reset. Held or
/// withdrawn events never reach the state (see `GestureModifier`).
public struct Updating<Base: Gesture, State>: GestureModifier {
    public var base: Base
    public var unpublished: PhaseSet = []
    let state: GestureState<State>
    let body: (Base.Value, inout State) -> Void

    public var value: Base.Value? { base.value }

    public mutating func apply(_ published: PhaseSet) {
        if !published.isDisjoint(with: [.began, .changed]), let value = base.value {
            body(value, &state.wrappedValue)
        }
        if !published.isDisjoint(with: [.ended, .cancelled]) { state.restore() }
    }

    public mutating func didReset() { state.restore() }
}

extension Gesture {
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State) -> Void
    ) -> Updating<Self, State> {
        Updating(base: self, state: state, body: body)
    }
}
