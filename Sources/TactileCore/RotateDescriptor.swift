/// The rotation's facts: its threshold, what it reports, how it is built.
extension GestureDescriptor {
    static let rotate = GestureDescriptor(
        kind: .rotate,
        summary: "two or more fingers turning; reports the angle in degrees, clockwise positive",
        tunables: [.rotateMinimumAngle],
        possibleFingers: 2...TouchFrame.capacity, defaultFingers: GestureTuning.pinchFingers,
        measures: .angle, counts: nil, progressUnit: .degrees, laneColour: "#d62728", touchegg: nil,
        beginningThreshold: .rotateMinimumAngle, progressVerb: "turned",
        build: { tuning, arguments in AnyGesture(erasing: tuning.rotate(fingers: arguments.fingers)) })
}

extension Tunable {
    /// `RotateMeasure.minimumAngleDelta`.
    public static let rotateMinimumAngle = Tunable(
        .rotate, "minimum-angle", unit: .degrees, default: GestureDefaults.rotateMinimumAngleDegrees,
        summary: "how far the fingers turn before it begins (SwiftUI's 1° is below two fingers' angle noise)")
}

extension GestureTuning {
    /// A rotation of `fingers`; it never begins where finger positions mean nothing.
    public func rotate(fingers: ClosedRange<Int> = GestureTuning.pinchFingers) -> RotateGesture {
        RotateGesture(fingers: fingers, minimumAngleDelta: .degrees(measuresFingerPositions ? self[.rotateMinimumAngle] : .infinity))
    }
}
