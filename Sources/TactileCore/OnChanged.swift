/// Calls `action` with the gesture's value whenever it writes `began` or `changed`.
public struct OnChanged<Base: Gesture>: GestureModifier {
    public var base: Base
    let action: (Base.Value) -> Void

    public var value: Base.Value? { base.value }

    public mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int) {
        guard events.contains(from: start, phase: { $0 == .began || $0 == .changed }),
            let value = base.value
        else { return }
        action(value)
    }
}

extension Gesture {
    public func onChanged(_ action: @escaping (Value) -> Void) -> OnChanged<Self> {
        OnChanged(base: self, action: action)
    }
}
