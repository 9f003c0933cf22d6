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

/// Calls `body(value, &state)` whenever the gesture writes `began` or `changed`, and restores
/// the state when the gesture finishes or is reset.
public struct Updating<Base: Gesture, State>: GestureModifier {
    public var base: Base
    let state: GestureState<State>
    let body: (Base.Value, inout State) -> Void

    public var value: Base.Value? { base.value }

    public mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int) {
        if events.contains(from: start, phase: { $0 == .began || $0 == .changed }), let value = base.value {
            body(value, &state.wrappedValue)
        }
        if events.contains(from: start, phase: { $0 == .ended || $0 == .cancelled }) { state.restore() }
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
