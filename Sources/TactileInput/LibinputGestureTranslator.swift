import TactileCore
import TactileProtocol

/// Turns libinput's touchpad gestures into `PassThroughGesture`s, accumulating what the stream
/// reports as totals (translation since began, cumulative angle) and judging a swipe's
/// direction by the rule Tactile's drags use.
struct LibinputGestureTranslator {
    private var path = SwipePath()
    private var angle = 0.0
    private var lastTime = Instant(microseconds: 0)
    private var velocity = Point.zero
    /// Numbers libinput's gestures on this device, from `PassThroughGesture.firstSequence`.
    private var sequence = PassThroughGesture.firstSequence - 1

    /// - Parameter location: the centroid of the contacts Tactile last decoded from this touchpad
    ///   (libinput's gesture events carry no position).
    mutating func translate(_ gesture: LibinputGesture, at location: Point) -> PassThroughGesture {
        let phase: GesturePhase
        switch gesture.stage {
        case .begin:
            sequence += 1
            path = SwipePath()
            angle = 0
            velocity = .zero
            phase = .began
        case .update:
            path.move(by: gesture.delta)
            angle += gesture.angleDelta
            let seconds = (gesture.time - lastTime).seconds
            if seconds > 0 { velocity = Point(x: gesture.delta.x / seconds, y: gesture.delta.y / seconds) }
            phase = .changed
        case .end(let cancelled):
            phase = cancelled ? .cancelled : .ended
        }
        lastTime = gesture.time
        let direction = phase == .ended && gesture.kind == .swipe
            ? path.direction(minimumDistance: GestureDefaults.dragMinimumDistanceMillimetres) : nil
        return PassThroughGesture(time: gesture.time, sequence: sequence, kind: gesture.kind, phase: phase,
                                  fingers: gesture.fingers, location: location, translation: path.translation,
                                  velocity: velocity, direction: direction, scale: gesture.scale,
                                  angleDegrees: angle)
    }
}
