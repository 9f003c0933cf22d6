/// The tap's facts: its thresholds, what it reports, how it is built.
extension GestureDescriptor {
    static let tap = GestureDescriptor(
        kind: .tap,
        summary: "fingers that touch and lift without moving; counts 1–3 (a double tap is reported instead of two single ones)",
        tunables: [.tapMaximumDuration, .tapMaximumMovement, .tapMaximumExcursion, .tapWindow],
        possibleFingers: 1...TouchFrame.capacity, defaultFingers: .anyFingers,
        measures: .count, counts: 1...3, progressUnit: nil, laneColour: "#1f77b4", touchegg: .tap,
        beginningThreshold: nil, progressVerb: "moved",
        build: { tuning, arguments in
            AnyGesture(erasing: tuning.tap(count: arguments.count, fingers: arguments.fingers))
        })
}

extension Tunable {
    /// `TapGesture.maximumDuration`.
    public static let tapMaximumDuration = Tunable(
        .tap, "maximum-duration", unit: .duration, default: GestureDefaults.tapMaximumDuration.seconds,
        summary: "how long a tap may last (libinput's touchpad tap timeout is 180 ms; hands on screens take longer)")
    /// `TapGesture.maximumMovementMillimetres`, before the estimated-size tolerance.
    public static let tapMaximumMovement = Tunable(
        .tap, "maximum-movement", unit: .millimetres, default: GestureDefaults.tapMaximumMovementMillimetres,
        summary: "how far from where it landed a tap may lift (libinput allows 1.3 mm on touchpads; sizes are often estimated)")
    /// `TapGesture.maximumExcursionMillimetres`.
    public static let tapMaximumExcursion = Tunable(
        .tap, "maximum-excursion", unit: .millimetres, default: GestureDefaults.tapMaximumExcursionMillimetres,
        summary: "how far a tap may wander on the way (touch-down jitter of PS/2 pads reaches 4 mm)")
    /// `TapGesture.window`.
    public static let tapWindow = Tunable(
        .tap, "window", unit: .duration, default: GestureDefaults.tapWindow.seconds,
        summary: "how soon the next tap of a multi-tap must land (Flutter's and Android's double-tap timeout)")
}

extension GestureTuning {
    /// A tap of `count` taps of `fingers`.
    public func tap(count: Int, fingers: ClosedRange<Int> = .anyFingers) -> TapGesture {
        let movement = self[.tapMaximumMovement] * (surfaceSizeIsEstimated ? GestureDefaults.estimatedSizeTolerance : 1)
        return TapGesture(count: count, fingers: fingers, maximumDuration: self[duration: .tapMaximumDuration],
                          maximumMovementMillimetres: movement,
                          maximumExcursionMillimetres: self[.tapMaximumExcursion], window: self[duration: .tapWindow])
    }
}
