import TactileCore

/// The gesture sets the engine target drives: the default set, and compositions that exercise
/// every composite and modifier (`Sequenced` with a deadline on either side, `Exclusive` holding
/// events, `Simultaneous`, `updating` a `GestureState`), all with thresholds from the input.
enum FuzzedGestures {
    static func make(_ input: inout FuzzInput, state: GestureState<Double>) -> AnyGesture {
        let tuning = self.tuning(&input)
        let fingers = fingerRange(&input)
        let hold = tuning.longPress(fingers: fingers)
        let drag = tuning.drag(fingers: fingers)
        let pinch = tuning.magnify(fingers: .anyFingers).simultaneously(with: tuning.rotate(fingers: .anyFingers))
        func tap(_ count: Int) -> TapGesture { tuning.tap(count: count, fingers: fingers) }
        switch input.byte() % 5 {
        case 0:
            return AnyGesture(DefaultGestures.make(tuning))
        case 1:
            return AnyGesture(hold.sequenced(before: drag).updating(state) { value, offset in
                if case .second(_, let drag?) = value { offset = drag.translation.x }
            })
        case 2:
            return AnyGesture(tap(3).exclusively(before: tap(2)).exclusively(before: tap(1)))
        case 3:
            return AnyGesture(pinch.updating(state) { value, scale in scale = value.first?.scale ?? 1 })
        default:
            return AnyGesture(Arena(tap(2).sequenced(before: hold), Arena(drag.sequenced(before: pinch), hold)))
        }
    }

    /// Thresholds from 1 ms (10 ms for ticks) to 1 s and from 0.1 mm to 25.6 mm: odd, but what a
    /// configuration may hold.
    private static func tuning(_ input: inout FuzzInput) -> GestureTuning {
        func duration() -> Interval { .milliseconds(1 + Int64(input.uint16() % 1_000)) }
        func distance() -> Double { Double(input.byte()) / 10 + 0.1 }
        var tuning = GestureTuning()
        tuning.tapMaximumDuration = duration()
        tuning.tapWindow = duration()
        tuning.longPressMinimumDuration = duration()
        tuning.longPressInterval = max(duration(), GestureDefaults.longPressMinimumInterval)
        tuning.tapMaximumMovementMillimetres = distance()
        tuning.tapMaximumExcursionMillimetres = distance()
        tuning.longPressMaximumDistanceMillimetres = distance()
        tuning.dragMinimumDistanceMillimetres = distance()
        tuning.magnifyMinimumScaleDelta = distance() / 25
        tuning.rotateMinimumAngleDegrees = distance() * 4
        return tuning
    }

    private static func fingerRange(_ input: inout FuzzInput) -> ClosedRange<Int> {
        let low = 1 + Int(input.byte() % 10)
        return low...min(low + Int(input.byte() % 10), TouchFrame.capacity)
    }
}
