import TactileCore
import TactileProtocol

/// What a binding may ask of a gesture it names: Tactile's own kinds say it in their registry
/// descriptor; libinput's passed-through ones are described here, the only place that knows them.
struct BindableGesture {
    let name: GestureName
    let possibleFingers: ClosedRange<Int>
    /// What its `direction=` is judged from: a drag's travel, a magnify's scale, a rotate's angle.
    let directionMeasures: [BindingDirection.Measure]
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
            directionMeasures = descriptor.hasDirection ? [.travel] : name == .magnify ? [.scale] : name == .rotate ? [.angle] : []
            hasEdge = descriptor.hasEdge
            counts = descriptor.counts
            progressUnit = descriptor.progressUnit
        // libinput's touchpad gestures take 2–5 fingers (a hold 1–5); two-finger swipes are
        // scrolling unless the pad scrolls by edge, so they are rare but possible.
        case .swipe: (possibleFingers, directionMeasures, hasEdge, counts, progressUnit) = (2...5, [.travel], false, nil, .millimetres)
        // A pinch carries both libinput's scale and its angle.
        case .pinch: (possibleFingers, directionMeasures, hasEdge, counts, progressUnit) = (2...5, [.scale, .angle], false, nil, .scale)
        case .hold: (possibleFingers, directionMeasures, hasEdge, counts, progressUnit) = (1...5, [], false, nil, nil)
        }
    }

    /// The directions its `direction=` takes, in the order messages list them.
    var directions: [BindingDirection] { directionMeasures.flatMap(BindingDirection.ways(by:)) }

    /// The gestures a binding may give a direction, for messages: "drag, magnify, rotate, …".
    static var withDirection: String {
        GestureName.allCases.filter { !BindableGesture($0).directions.isEmpty }.map(\.rawValue).listed(with: "and")
    }

    /// The gestures whose events carry an edge, for messages.
    static var withEdge: String {
        GestureName.allCases.filter { BindableGesture($0).hasEdge }.map(\.rawValue).listed(with: "and")
    }
}
