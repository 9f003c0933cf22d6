/// The gesture kinds Tactile recognizes, in the order they are listed everywhere (documentation,
/// configuration errors, the replay picture's lanes).
public enum GestureRegistry {
    /// Every kind's descriptor, in order.
    public static let descriptors: [GestureDescriptor] = [tap, longPress, drag, magnify, rotate, edgeSwipe, circle]

    /// The descriptor of `kind`.
    public static func descriptor(for kind: GestureKind) -> GestureDescriptor {
        switch kind {
        case .tap: tap
        case .longPress: longPress
        case .drag: drag
        case .magnify: magnify
        case .rotate: rotate
        case .edgeSwipe: edgeSwipe
        case .circle: circle
        }
    }

    /// The descriptor called `name` (`long-press`), if there is one.
    public static func descriptor(named name: String) -> GestureDescriptor? {
        GestureKind(rawValue: name).map(descriptor(for:))
    }

    /// Every `gesture.key` a `[tuning]` section takes, with its tunable.
    public static var tuningKeys: [(key: String, gesture: GestureDescriptor, tunable: Tunable)] {
        descriptors.flatMap { gesture in gesture.tunables.map { ("\(gesture.name).\($0.name)", gesture, $0) } }
    }

    static let tap = GestureDescriptor(
        kind: .tap,
        summary: "fingers that touch and lift without moving; counts 1–3 (a double tap is reported instead of two single ones)",
        tunables: [
            Tunable(name: "maximum-duration", unit: .duration, minimum: 0, minimumIsAllowed: false,
                    summary: "how long a tap may last (libinput's touchpad tap timeout is 180 ms; hands on screens take longer)",
                    field: .duration(\.tapMaximumDuration)),
            Tunable(name: "maximum-movement", unit: .millimetres, minimum: 0, minimumIsAllowed: false,
                    summary: "how far from where it landed a tap may lift (libinput allows 1.3 mm on touchpads; sizes are often estimated)",
                    field: .number(\.tapMaximumMovementMillimetres)),
            Tunable(name: "maximum-excursion", unit: .millimetres, minimum: 0, minimumIsAllowed: false,
                    summary: "how far a tap may wander on the way (touch-down jitter of PS/2 pads reaches 4 mm)",
                    field: .number(\.tapMaximumExcursionMillimetres)),
            Tunable(name: "window", unit: .duration, minimum: 0, minimumIsAllowed: false,
                    summary: "how soon the next tap of a multi-tap must land (Flutter's and Android's double-tap timeout)",
                    field: .duration(\.tapWindow)),
        ],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: .anyFingers,
        measures: .count, counts: 1...3, progressUnit: nil, laneColour: "#1f77b4", touchegg: .tap,
        build: { tuning, arguments in
            AnyGesture(erasing: tuning.tap(count: arguments.count, fingers: arguments.fingers))
        })

    static let longPress = GestureDescriptor(
        kind: .longPress,
        summary: "fingers held still; ticks while held, ends on lift, is cancelled when they move away",
        tunables: [
            Tunable(name: "minimum-duration", unit: .duration, minimum: 0, minimumIsAllowed: false,
                    summary: "how long the fingers rest before it begins (SwiftUI's and Flutter's 0.5 s)",
                    field: .duration(\.longPressMinimumDuration)),
            Tunable(name: "maximum-distance", unit: .millimetres, minimum: 0, minimumIsAllowed: false,
                    summary: "how far the fingers may wander before it is cancelled (about a fingertip's width)",
                    field: .number(\.longPressMaximumDistanceMillimetres)),
            Tunable(name: "interval", unit: .duration, minimum: GestureDefaults.longPressMinimumInterval.seconds,
                    minimumIsAllowed: true,
                    summary: "the time between ticks while held; at least 10 ms, faster than any device reports",
                    field: .duration(\.longPressInterval)),
        ],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: .anyFingers,
        measures: .ticks, counts: nil, progressUnit: .ticks, laneColour: "#9467bd", touchegg: nil,
        build: { tuning, arguments in AnyGesture(erasing: tuning.longPress(fingers: arguments.fingers)) })

    static let drag = GestureDescriptor(
        kind: .drag,
        summary: "fingers moving together; ends on lift with the swipe direction when the path was straight",
        tunables: [
            Tunable(name: "minimum-distance", unit: .millimetres, minimum: 0, minimumIsAllowed: false,
                    summary: "how far the fingers move before it begins (more than a tap may move, so the two never overlap)",
                    field: .number(\.dragMinimumDistanceMillimetres)),
            Tunable(name: "together-distance", unit: .millimetres, minimum: 0, minimumIsAllowed: false,
                    summary: "how far each of two fingers moves the same way for it to begin sooner, without waiting for fingers still landing, 0.5 mm more per further finger; off, as 1.5mm (libinput's) counts no finger landing after it began and turns taps whose fingers drift together into drags",
                    field: .number(\.dragTogetherDistanceMillimetres), offIsAllowed: true),
        ],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: DefaultGestures.motionFingers,
        measures: .travel, counts: nil, progressUnit: .millimetres, laneColour: "#2ca02c", touchegg: .swipe,
        build: { tuning, arguments in AnyGesture(erasing: tuning.drag(fingers: arguments.fingers)) })

    static let magnify = GestureDescriptor(
        kind: .magnify,
        summary: "two or more fingers spreading or pinching; reports the scale (1.0 = unchanged)",
        tunables: [
            Tunable(name: "minimum-scale-delta", unit: .scale, minimum: 0, minimumIsAllowed: false,
                    summary: "how much the fingers' span changes before it begins (15 %, so a two-finger scroll stays a drag)",
                    field: .number(\.magnifyMinimumScaleDelta)),
        ],
        possibleFingers: 2...TouchFrame.capacity, defaultFingers: GestureTuning.pinchFingers,
        measures: .scale, counts: nil, progressUnit: .scale, laneColour: "#ff7f0e", touchegg: .pinch,
        build: { tuning, arguments in AnyGesture(erasing: tuning.magnify(fingers: arguments.fingers)) })

    static let rotate = GestureDescriptor(
        kind: .rotate,
        summary: "two or more fingers turning; reports the angle in degrees, clockwise positive",
        tunables: [
            Tunable(name: "minimum-angle", unit: .degrees, minimum: 0, minimumIsAllowed: false,
                    summary: "how far the fingers turn before it begins (SwiftUI's 1° is below two fingers' angle noise)",
                    field: .number(\.rotateMinimumAngleDegrees)),
        ],
        possibleFingers: 2...TouchFrame.capacity, defaultFingers: GestureTuning.pinchFingers,
        measures: .angle, counts: nil, progressUnit: .degrees, laneColour: "#d62728", touchegg: nil,
        build: { tuning, arguments in AnyGesture(erasing: tuning.rotate(fingers: arguments.fingers)) })

    static let edgeSwipe = GestureDescriptor(
        kind: .edgeSwipe,
        summary: "fingers landing at a surface edge and moving inward, perpendicular to it; carries the edge, and on ended the direction",
        tunables: [
            Tunable(name: "zone", unit: .millimetres, minimum: 0, minimumIsAllowed: false,
                    summary: "how near an edge the fingers must land (edge swipes are first reported 0–2.5 mm inside; lisgd takes 4.7 mm)",
                    field: .number(\.edgeSwipeZoneMillimetres)),
        ],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: DefaultGestures.motionFingers,
        measures: [.travel, .edge], counts: nil, progressUnit: .millimetres, laneColour: "#17becf", touchegg: nil,
        build: { tuning, arguments in
            AnyGesture(erasing: tuning.edgeSwipe(fingers: arguments.fingers))
        })

    static let circle = GestureDescriptor(
        kind: .circle,
        summary: "fingers going round a centre; reports the degrees gone round, clockwise positive; declared only, never in the default set",
        tunables: [
            Tunable(name: "minimum-radius", unit: .millimetres, minimum: 0, minimumIsAllowed: false,
                    summary: "how far from the centre the fingers must go round (a fingertip rolling on the spot turns on a radius of a millimetre or two)",
                    field: .number(\.circleMinimumRadiusMillimetres)),
            Tunable(name: "minimum-angle", unit: .degrees, minimum: 0, minimumIsAllowed: false,
                    summary: "how far round the fingers go before it begins (three-quarters of a turn: a U-turn is 180°, an L 90°)",
                    field: .number(\.circleMinimumAngleDegrees)),
        ],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: DefaultGestures.motionFingers,
        measures: .angle, counts: nil, progressUnit: .degrees, laneColour: "#8c564b", touchegg: nil,
        build: { tuning, arguments in AnyGesture(erasing: tuning.circle(fingers: arguments.fingers)) })
}
