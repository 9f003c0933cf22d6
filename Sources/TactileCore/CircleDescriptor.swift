/// The circle's facts: its thresholds, what it reports, how it is built.
extension GestureDescriptor {
    static let circle = GestureDescriptor(
        kind: .circle,
        summary: "fingers going round a centre; reports the degrees gone round, clockwise positive; declared only, never in the default set",
        tunables: [.circleMinimumRadius, .circleMinimumAngle],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: DefaultGestures.motionFingers,
        measures: .angle, counts: nil, progressUnit: .degrees, laneColour: "#8c564b", touchegg: nil,
        beginningThreshold: .circleMinimumAngle, holdingThreshold: .circleMinimumRadius, progressVerb: "went round",
        build: { tuning, arguments in AnyGesture(erasing: tuning.circle(fingers: arguments.fingers)) })
}

extension Tunable {
    /// `CircleMeasure.minimumRadiusMillimetres`: a fingertip rolling on the spot turns on a
    /// radius of a millimetre or two.
    public static let circleMinimumRadius = Tunable(
        .circle, "minimum-radius", unit: .millimetres, default: 5,
        summary: "how far from the centre the fingers must go round (a fingertip rolling on the spot turns on a radius of a millimetre or two)")
    /// `CircleMeasure.minimumAngle`: three-quarters of a turn, past a U-turn's 180° and an L's 90°.
    public static let circleMinimumAngle = Tunable(
        .circle, "minimum-angle", unit: .degrees, default: 270,
        summary: "how far round the fingers go before it begins (three-quarters of a turn: a U-turn is 180°, an L 90°)")
}

extension GestureTuning {
    /// A circle of `fingers`, with these thresholds.
    public func circle(fingers: ClosedRange<Int> = DefaultGestures.motionFingers) -> CircleGesture {
        CircleGesture(CircleMeasure(fingers: fingers, minimumRadiusMillimetres: self[.circleMinimumRadius],
                                    minimumAngle: .degrees(self[.circleMinimumAngle])))
    }
}
