/// The drag's facts: its threshold, what it reports, how it is built.
extension GestureDescriptor {
    static let drag = GestureDescriptor(
        kind: .drag,
        summary: "fingers moving together; ends on lift with the swipe direction when the path was straight",
        tunables: [.dragMinimumDistance],
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
}

extension GestureTuning {
    /// `Tunable.dragMinimumDistance` here, in mm.
    public var dragMinimumDistanceMillimetres: Double {
        get { self[.dragMinimumDistance] }
        set { self[.dragMinimumDistance] = newValue }
    }

    /// A drag of `fingers`.
    public func drag(fingers: ClosedRange<Int> = DefaultGestures.motionFingers) -> DragGesture {
        DragGesture(fingers: fingers, minimumDistance: dragMinimumDistanceMillimetres)
    }
}
