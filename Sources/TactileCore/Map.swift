/// The same gesture, reporting `transform(value)` instead of its own value.
public struct Map<Base: Gesture, Value>: GestureModifier {
    public var base: Base
    let transform: (Base.Value) -> Value

    public var value: Value? { base.value.map(transform) }

    public mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int) {}
}

extension Gesture {
    public func map<T>(_ transform: @escaping (Value) -> T) -> Map<Self, T> {
        Map(base: self, transform: transform)
    }
}
