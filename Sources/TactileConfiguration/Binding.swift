import TactileCore
import TactileProtocol

/// What to do when a gesture event matches, e.g. `drag fingers=3 direction=left => key super+Left`
/// or `tap fingers=2 => notify-send hello`.
///
/// A command is an argv, started directly — never through a shell unless it says `sh -c`.
public struct Binding: Equatable {
    public var gesture: GestureName
    public var fingers: ClosedRange<Int>?
    public var direction: SwipeDirection?
    /// edge-swipe: the edge it must come from.
    public var edge: SurfaceEdge?
    public var count: Int?
    /// `ended` unless the binding says otherwise.
    public var phase: GesturePhase = .ended
    /// With `phase=changed`: run again each time the gesture moved this much since the last run
    /// (mm for drag, degrees for rotate, scale for magnify, ticks for long-press).
    public var every: Double?
    /// A command still running after this long is killed.
    public var timeout: Interval = .seconds(5)
    public var action: BindingAction
    /// Where it was declared, for logs.
    public var line: Int

    /// Whether `event` is one this binding is for (before `every` is considered).
    public func matches(_ event: GestureRecord) -> Bool {
        guard event.gesture == gesture, event.phase == phase else { return false }
        if let fingers, !fingers.contains(event.fingers) { return false }
        if let direction, event.direction != direction { return false }
        if let edge, event.edge != edge { return false }
        if let count, event.count != count { return false }
        return true
    }

    /// The quantity `every` is measured in, for this binding's gesture.
    public func progress(of event: GestureRecord) -> Double {
        switch gesture {
        case .drag, .swipe, .edgeSwipe: return (event.dx * event.dx + event.dy * event.dy).squareRoot()
        case .rotate: return event.angle
        case .magnify, .pinch: return event.scale
        case .longPress: return Double(event.tick)
        case .tap, .hold: return 0
        }
    }
}
