import TactileCore
import TactileProtocol

/// What a binding may ask of a gesture it names: Tactile's own kinds say it in their registry
/// descriptor; libinput's passed-through ones are described here, the only place that knows them.
struct BindableGesture {
    let name: GestureName
    let possibleFingers: ClosedRange<Int>
    let hasDirection: Bool
    let counts: ClosedRange<Int>?
    /// What `every=` counts; nil when the gesture has no `changed` events to repeat on.
    let progressUnit: Tunable.Unit?

    init(_ name: GestureName) {
        self.name = name
        switch name {
        case .tap, .longPress, .drag, .magnify, .rotate:
            let descriptor = GestureRegistry.descriptor(named: name.rawValue)!
            possibleFingers = descriptor.possibleFingers
            hasDirection = descriptor.hasDirection
            counts = descriptor.counts
            progressUnit = descriptor.progressUnit
        // libinput's touchpad gestures take 2–5 fingers (a hold 1–5); two-finger swipes are
        // scrolling unless the pad scrolls by edge, so they are rare but possible.
        case .swipe: (possibleFingers, hasDirection, counts, progressUnit) = (2...5, true, nil, .millimetres)
        case .pinch: (possibleFingers, hasDirection, counts, progressUnit) = (2...5, false, nil, .scale)
        case .hold: (possibleFingers, hasDirection, counts, progressUnit) = (1...5, false, nil, nil)
        }
    }

    /// The gestures whose `ended` carries a direction, for messages.
    static var withDirection: [String] {
        GestureName.allCases.filter { BindableGesture($0).hasDirection }.map(\.rawValue)
    }
}
