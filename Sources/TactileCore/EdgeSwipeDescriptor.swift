/// The edge swipe's facts: its threshold, what it reports, how it is built.
extension GestureDescriptor {
    static let edgeSwipe = GestureDescriptor(
        kind: .edgeSwipe,
        summary: "fingers landing at a surface edge and moving inward, perpendicular to it; carries the edge, and on ended the direction",
        tunables: [.edgeSwipeZone],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: DefaultGestures.motionFingers,
        measures: [.travel, .edge], counts: nil, progressUnit: .millimetres, laneColour: "#17becf", touchegg: nil,
        beginningThreshold: .dragMinimumDistance, progressVerb: "moved",
        build: { tuning, arguments in AnyGesture(erasing: tuning.edgeSwipe(fingers: arguments.fingers)) })
}

extension Tunable {
    /// `EdgeSwipeMeasure.zoneMillimetres`.
    public static let edgeSwipeZone = Tunable(
        .edgeSwipe, "zone", unit: .millimetres, default: GestureDefaults.edgeSwipeZoneMillimetres,
        summary: "how near an edge the fingers must land (edge swipes are first reported 0–2.5 mm inside; lisgd takes 4.7 mm)")
}

extension GestureTuning {
    /// Edge swipes begin at the drag's distance, so the two tie on the frame they both could begin.
    /// On a device without edge swipes it has no surface, so it never begins.
    public func edgeSwipe(fingers: ClosedRange<Int> = DefaultGestures.motionFingers) -> EdgeSwipeGesture {
        EdgeSwipeGesture(surface: hasEdgeSwipes ? surface : nil, fingers: fingers,
                         zoneMillimetres: self[.edgeSwipeZone], minimumDistance: self[.dragMinimumDistance],
                         together: together, switchedOffBy: hasEdgeSwipes ? nil : edgeSwipes)
    }
}
