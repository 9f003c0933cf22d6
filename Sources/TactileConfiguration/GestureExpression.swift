import TactileCore

/// A gesture declared in the configuration: primitives composed with `then` (sequenced),
/// `else` (exclusive: the left one has priority), `with` (simultaneous) and `or` (an arena:
/// whichever accepts first), e.g. `long-press(fingers: 1) then drag(fingers: 1)`.
public indirect enum GestureExpression: Equatable {
    case primitive(GesturePrimitive)
    case sequenced(GestureExpression, GestureExpression)
    case exclusive(GestureExpression, GestureExpression)
    case simultaneous(GestureExpression, GestureExpression)
    /// Rivals in an arena: the first to accept wins, a tie goes to the left one. What the default
    /// set's motion gestures are, so it can be written as a declaration.
    case arena(GestureExpression, GestureExpression)

    /// The kinds of gesture it reports, each once, in the order they appear.
    public var kinds: [GestureKind] {
        switch self {
        case .primitive(let primitive): return [primitive.kind]
        case .sequenced(let a, let b), .exclusive(let a, let b), .simultaneous(let a, let b), .arena(let a, let b):
            return a.kinds + b.kinds.filter { !a.kinds.contains($0) }
        }
    }

    /// Builds the recognizer, taking every threshold the declaration leaves out from `tuning`.
    public func makeGesture(_ tuning: GestureTuning) -> AnyGesture<Void> {
        switch self {
        case .primitive(let primitive): return primitive.makeGesture(tuning)
        case .sequenced(let a, let b): return AnyGesture(erasing: a.makeGesture(tuning).sequenced(before: b.makeGesture(tuning)))
        case .exclusive(let a, let b): return AnyGesture(erasing: a.makeGesture(tuning).exclusively(before: b.makeGesture(tuning)))
        case .simultaneous(let a, let b): return AnyGesture(erasing: a.makeGesture(tuning).simultaneously(with: b.makeGesture(tuning)))
        case .arena(let a, let b): return AnyGesture(erasing: Arena(a.makeGesture(tuning), b.makeGesture(tuning)))
        }
    }
}

/// One recognizer with the arguments written in its parentheses.
public struct GesturePrimitive: Equatable {
    public var kind: GestureKind
    public var fingers: ClosedRange<Int>?
    var count: Int?
    var settings: [TuningSetting] = []

    var descriptor: GestureDescriptor { GestureRegistry.descriptor(for: kind) }

    func makeGesture(_ base: GestureTuning) -> AnyGesture<Void> {
        var tuning = base
        for setting in settings { setting.apply(to: &tuning) }
        return descriptor.make(tuning, fingers: fingers, count: count)
    }
}
