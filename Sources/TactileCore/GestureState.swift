/// State that lives only while a gesture is in flight (SwiftUI's `@GestureState`): `updating`
/// writes it as the gesture changes, and it returns to `initialValue` when the gesture ends,
/// is cancelled or is reset.
///
/// A property wrapper as in SwiftUI: `@GestureState var zoom = 1.0`, then
/// `.updating($zoom) { value, state in … }`. Only the gesture writes it.
///
/// A class, so the app and the gesture value inside the engine share one instance; it is
/// created once, with the gesture, never per frame.
@propertyWrapper
public final class GestureState<Value> {
    /// What the state returns to when its gesture is over.
    public let initialValue: Value
    /// The current value: written by `updating`'s body while the gesture runs.
    public fileprivate(set) var wrappedValue: Value

    /// A state that starts, and is reset, at `initialValue`.
    public init(initialValue: Value) {
        self.initialValue = initialValue
        self.wrappedValue = initialValue
    }

    /// `@GestureState var name = initialValue`.
    public convenience init(wrappedValue: Value) { self.init(initialValue: wrappedValue) }

    /// `$name`: the state itself, to pass to `updating`.
    public var projectedValue: GestureState<Value> { self }

    fileprivate func restore() { wrappedValue = initialValue }
}

/// Calls `body(value, &state)` when a step published `began` or `changed`, and restores the
/// state when the gesture's `ended` or `cancelled` is published or it is reset. Held or
/// withdrawn events never reach the state (see `GestureModifier`).
public struct Updating<Base: Gesture, State>: GestureModifier {
    /// The gesture whose publications it acts on.
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
    /// Writes `state` through `body` as the gesture changes, and resets it when the gesture is
    /// over (SwiftUI's `updating(_:body:)`; a body may also take SwiftUI's `Transaction`).
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State) -> Void
    ) -> Updating<Self, State> {
        Updating(base: self, state: state, body: body)
    }

    /// `updating(_:body:)` with SwiftUI's three-argument body: `{ value, state, transaction in … }`.
    /// The `Transaction` is empty: there is no animation here for it to carry.
    public func updating<State>(
        _ state: GestureState<State>, body: @escaping (Value, inout State, inout Transaction) -> Void
    ) -> Updating<Self, State> {
        Updating(base: self, state: state) { value, state in
            var transaction = Transaction()
            body(value, &state, &transaction)
        }
    }
}
