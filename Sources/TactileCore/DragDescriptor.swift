/// The drag's facts: its threshold, what it reports, how it is built.
extension GestureDescriptor {
    static let drag = GestureDescriptor(
        kind: .drag,
        summary: "fingers moving together; ends on lift with the swipe direction when the path was straight",
        tunables: [.dragMinimumDistance, .dragTogetherDistance],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: DefaultGestures.motionFingers,
        measures: .travel, counts: nil, progressUnit: .millimetres, laneColour: "#2ca02c", touchegg: .swipe,
        beginningThreshold: .dragMinimumDistance, progressVerb: "moved",
        build: { tuning, arguments in AnyGesture(erasing: tuning.drag(fingers: arguments.fingers)) })
}

extension Tunable {
    /// `DragMeasure.minimumDistance`, and the edge swipe's.
    public static let dragMinimumDistance = Tunable(
        .drag, "minimum-distance", unit: .millimetres, default: GestureDefaults.dragMinimumDistanceMillimetres,
        summary: "how far the fingers move before it begins (more than a tap may move, so the two never overlap)")
    /// `MovingTogether.distance` of a drag (and an edge swipe), before the estimated-size tolerance.
    public static let dragTogetherDistance = Tunable(
        .drag, "together-distance", unit: .millimetres, default: GestureDefaults.dragTogetherDistanceMillimetres,
        offIsAllowed: true,
        summary: "how far each of two fingers moves the same way for it to begin sooner, without waiting for fingers still landing, 0.5 mm more per further finger (libinput's); a finger landing within 100 ms after such a beginning cancels it for a drag of them all; off waits for minimum-distance and the landing, and keeps taps whose fingers drift together")
}

extension GestureTuning {
    /// A drag of `fingers`.
    public func drag(fingers: ClosedRange<Int> = DefaultGestures.motionFingers) -> DragGesture {
        DragGesture(fingers: fingers, minimumDistance: self[.dragMinimumDistance], together: together)
    }

    /// How far each of several fingers moves together before a drag or an edge swipe begins:
    /// where the size is estimated, widened as a tap's movement is and past a tap's movement,
    /// since it must stay clear of a tap's wobble; never where the device does not report each
    /// finger's position (semi-MT).
    var together: MovingTogether {
        guard measuresFingerPositions else { return MovingTogether(distance: .infinity) }
        guard surfaceSizeIsEstimated else { return MovingTogether(distance: self[.dragTogetherDistance]) }
        let tolerance = GestureDefaults.estimatedSizeTolerance
        return MovingTogether(distance: self[.dragTogetherDistance] * tolerance,
                              tapMovement: self[.tapMaximumMovement] * tolerance)
    }
}
