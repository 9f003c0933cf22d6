import TactileCore

/// A gesture declared in the configuration: primitives composed with `then` (sequenced),
/// `else` (exclusive: the left one has priority) and `with` (simultaneous), e.g.
/// `long-press(fingers: 1) then drag(fingers: 1)`.
public indirect enum GestureExpression: Equatable {
    case primitive(GesturePrimitive)
    case sequenced(GestureExpression, GestureExpression)
    case exclusive(GestureExpression, GestureExpression)
    case simultaneous(GestureExpression, GestureExpression)

    /// Builds the recognizer, taking every threshold the declaration leaves out from `tuning`.
    public func makeGesture(_ tuning: GestureTuning) -> AnyGesture {
        switch self {
        case .primitive(let primitive): return primitive.makeGesture(tuning)
        case .sequenced(let a, let b): return AnyGesture(a.makeGesture(tuning).sequenced(before: b.makeGesture(tuning)))
        case .exclusive(let a, let b): return AnyGesture(a.makeGesture(tuning).exclusively(before: b.makeGesture(tuning)))
        case .simultaneous(let a, let b): return AnyGesture(a.makeGesture(tuning).simultaneously(with: b.makeGesture(tuning)))
        }
    }
}

/// One recognizer with the arguments written in its parentheses.
public struct GesturePrimitive: Equatable {
    public enum Kind: String, CaseIterable {
        case tap, longPress = "long-press", drag, magnify, rotate

        /// The arguments each kind accepts besides `fingers`.
        var argumentNames: [String] {
            switch self {
            case .tap: return ["count"]
            case .longPress: return ["minimum-duration", "maximum-distance", "interval"]
            case .drag: return ["minimum-distance"]
            case .magnify: return ["minimum-scale-delta"]
            case .rotate: return ["minimum-angle"]
            }
        }
    }

    public var kind: Kind
    public var fingers: ClosedRange<Int>?
    var count: Int?
    var settings: [TuningSetting] = []

    func makeGesture(_ base: GestureTuning) -> AnyGesture {
        var tuning = base
        for setting in settings { setting.apply(to: &tuning) }
        switch kind {
        case .tap: return AnyGesture(tuning.tap(count: count ?? 1, fingers: fingers ?? .anyFingers))
        case .longPress: return AnyGesture(tuning.longPress(fingers: fingers ?? .anyFingers))
        case .drag: return AnyGesture(tuning.drag(fingers: fingers ?? DefaultGestures.motionFingers))
        case .magnify: return AnyGesture(tuning.magnify(fingers: fingers ?? GestureTuning.pinchFingers))
        case .rotate: return AnyGesture(tuning.rotate(fingers: fingers ?? GestureTuning.pinchFingers))
        }
    }

    /// The tuning key an argument of this kind sets, e.g. drag's `minimum-distance`.
    func settingKey(for argument: String) -> TuningSetting.Key? {
        TuningSetting.Key(rawValue: "\(kind.rawValue).\(argument)")
    }
}
