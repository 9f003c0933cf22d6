/// The long-press's facts: its thresholds, what it reports, how it is built.
extension GestureDescriptor {
    static let longPress = GestureDescriptor(
        kind: .longPress,
        summary: "fingers held still; ticks while held, ends on lift, is cancelled when they move away",
        tunables: [.longPressMinimumDuration, .longPressMaximumDistance, .longPressInterval],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: .anyFingers,
        measures: .ticks, counts: nil, progressUnit: .ticks, laneColour: "#9467bd", touchegg: nil,
        beginningThreshold: nil, progressVerb: "moved",
        build: { tuning, arguments in AnyGesture(erasing: tuning.longPress(fingers: arguments.fingers)) })
}

extension Tunable {
    /// `LongPressGesture.minimumDuration`.
    public static let longPressMinimumDuration = Tunable(
        .longPress, "minimum-duration", unit: .duration, default: GestureDefaults.longPressMinimumDuration.seconds,
        summary: "how long the fingers rest before it begins (SwiftUI's and Flutter's 0.5 s)")
    /// `LongPressGesture.maximumDistance`.
    public static let longPressMaximumDistance = Tunable(
        .longPress, "maximum-distance", unit: .millimetres, default: GestureDefaults.longPressMaximumDistanceMillimetres,
        summary: "how far the fingers may wander before it is cancelled (about a fingertip's width)")
    /// `LongPressGesture.interval`.
    public static let longPressInterval = Tunable(
        .longPress, "interval", unit: .duration, default: GestureDefaults.longPressInterval.seconds,
        minimum: GestureDefaults.longPressMinimumInterval.seconds, minimumIsAllowed: true,
        summary: "the time between ticks while held; at least 10 ms, faster than any device reports")
}

extension GestureTuning {
    /// A long-press of `fingers`.
    public func longPress(fingers: ClosedRange<Int> = .anyFingers) -> LongPressGesture {
        LongPressGesture(fingers: fingers, minimumDuration: self[duration: .longPressMinimumDuration],
                         maximumDistance: self[.longPressMaximumDistance], interval: self[duration: .longPressInterval])
    }
}
