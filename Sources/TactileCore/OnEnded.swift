/// Calls `action` with the final value when the gesture ends successfully (not when cancelled).
public struct OnEnded<Base: Gesture>: GestureModifier {
    public var base: Base
    let action: (Base.Value) -> Void

    public var value: Base.Value? { base.value }

    public mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int) {
        guard events.contains(from: start, phase: { $0 == .ended }), let value = base.value else { return }
        action(value)
    }
}

extension Gesture {
    public func onEnded(_ action: @escaping (Value) -> Void) -> OnEnded<Self> {
        OnEnded(base: self, action: action)
    }
}
