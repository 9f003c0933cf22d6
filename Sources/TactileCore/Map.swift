/// The same gesture, reporting `transform(value)` instead of its own value. It has no callback,
/// so it only passes publication on to its base.
public struct Map<Base: Gesture, Value>: GestureModifier {
    /// The gesture whose publications it acts on.
    public var base: Base
    public var unpublished: PhaseSet = []
    let transform: (Base.Value) -> Value

    public var value: Value? { base.value.map(transform) }

    /// Nothing to remember: it never acts on what it publishes.
    public mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int) {}
}

extension Gesture {
    /// The same gesture, reporting `transform(value)`: an app's own type (SwiftUI's `map`).
    public func map<T>(_ transform: @escaping (Value) -> T) -> Map<Self, T> {
        Map(base: self, transform: transform)
    }
}
