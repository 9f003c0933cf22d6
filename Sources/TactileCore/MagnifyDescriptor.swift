/// The magnification's facts: its threshold, what it reports, how it is built.
extension GestureDescriptor {
    static let magnify = GestureDescriptor(
        kind: .magnify,
        summary: "two or more fingers spreading or pinching; reports the scale (1.0 = unchanged)",
        tunables: [.magnifyMinimumScaleDelta],
        possibleFingers: 2...TouchFrame.capacity, defaultFingers: GestureTuning.pinchFingers,
        measures: .scale, counts: nil, progressUnit: .scale, laneColour: "#ff7f0e", touchegg: .pinch,
        beginningThreshold: .magnifyMinimumScaleDelta, progressVerb: "scaled by",
        build: { tuning, arguments in AnyGesture(erasing: tuning.magnify(fingers: arguments.fingers)) })
}

extension Tunable {
    /// `MagnifyMeasure.minimumScaleDelta`.
    public static let magnifyMinimumScaleDelta = Tunable(
        .magnify, "minimum-scale-delta", unit: .scale, default: GestureDefaults.magnifyMinimumScaleDelta,
        summary: "how much the fingers' span changes before it begins (15 %, so a two-finger scroll stays a drag)")
}

extension GestureTuning {
    /// A magnification of `fingers`; it never begins where finger positions mean nothing.
    public func magnify(fingers: ClosedRange<Int> = GestureTuning.pinchFingers) -> MagnifyGesture {
        MagnifyGesture(fingers: fingers, minimumScaleDelta: measuresFingerPositions ? self[.magnifyMinimumScaleDelta] : .infinity)
    }
}
