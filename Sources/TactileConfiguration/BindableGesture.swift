import TactileCore
import TactileProtocol

/// What a binding may ask of a gesture it names: Tactile's own kinds say it in their registry
/// descriptor; libinput's passed-through ones are described here, the only place that knows them.
struct BindableGesture {
    let name: GestureName
    let possibleFingers: ClosedRange<Int>
    let hasDirection: Bool
    let hasEdge: Bool
    let counts: ClosedRange<Int>?
    /// What `every=` counts; nil when the gesture has no `changed` events to repeat on.
    let progressUnit: Tunable.Unit?

    init(_ name: GestureName) {
        self.name = name
        switch name {
        case .tap, .longPress, .drag, .magnify, .rotate, .edgeSwipe:
            let descriptor = GestureRegistry.descriptor(named: name.rawValue)!
            possibleFingers = descriptor.possibleFingers
            hasDirection = descriptor.hasDirection
            hasEdge = descriptor.hasEdge
            counts = descriptor.counts
            progressUnit = descriptor.progressUnit
        // libinput's touchpad gestures take 2–5 fingers (a hold 1–5); two-finger swipes are
        // scrolling unless the pad scrolls by edge, so they are rare but possible.
        case .swipe: (possibleFingers, hasDirection, hasEdge, counts, progressUnit) = (2...5, true, false, nil, .millimetres)
        case .pinch: (possibleFingers, hasDirection, hasEdge, counts, progressUnit) = (2...5, false, false, nil, .scale)
        case .hold: (possibleFingers, hasDirection, hasEdge, counts, progressUnit) = (1...5, false, false, nil, nil)
        }
    }

    /// The gestures whose `ended` carries a direction, for messages: "drag, edge-swipe and swipe".
    static var withDirection: String {
        GestureName.allCases.filter { BindableGesture($0).hasDirection }.map(\.rawValue).listed(with: "and")
    }

    /// The gestures whose events carry an edge, for messages.
    static var withEdge: String {
        GestureName.allCases.filter { BindableGesture($0).hasEdge }.map(\.rawValue).listed(with: "and")
    }
}
