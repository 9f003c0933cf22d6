import TactileCore

/// Turns libinput's touchpad gestures into `GestureEvent`s marked `fromLibinput`, accumulating
/// what the output contract reports as totals (translation since began, cumulative angle).
struct LibinputGestureTranslator {
    /// A straight swipe moves at least this many times farther along one axis than the other.
    static let directionDominance = 2.0

    private var translation = Point.zero
    private var angle = 0.0
    private var lastTime = Instant(microseconds: 0)
    private var velocity = Point.zero
    /// Numbers libinput's gestures on this device; the first is 1, as for the engine.
    private var sequence: UInt64 = 0

    mutating func translate(_ gesture: LibinputGesture) -> GestureEvent {
        let phase: GesturePhase
        switch gesture.stage {
        case .begin:
            sequence += 1
            translation = .zero
            angle = 0
            velocity = .zero
            phase = .began
        case .update:
            translation = translation + gesture.delta
            angle += gesture.angleDelta
            let seconds = (gesture.time - lastTime).seconds
            if seconds > 0 { velocity = Point(x: gesture.delta.x / seconds, y: gesture.delta.y / seconds) }
            phase = .changed
        case .end(let cancelled):
            phase = cancelled ? .cancelled : .ended
        }
        lastTime = gesture.time
        var event = GestureEvent(time: gesture.time, kind: gesture.kind, phase: phase,
                                 fingers: gesture.fingers, location: .zero)
        event.sequence = sequence
        event.translation = translation
        event.velocity = velocity
        event.scale = gesture.scale
        event.angleDegrees = angle
        event.fromLibinput = true
        if phase == .ended && gesture.kind == .swipe { event.direction = direction }
        return event
    }

    private var direction: SwipeDirection? {
        let (x, y) = (abs(translation.x), abs(translation.y))
        if y >= x * Self.directionDominance && y > 0 { return translation.y > 0 ? .down : .up }
        if x >= y * Self.directionDominance && x > 0 { return translation.x > 0 ? .right : .left }
        return nil
    }
}
