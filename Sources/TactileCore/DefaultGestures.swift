/// The thresholds of the default gesture set; a device or a config file may override them.
public struct GestureTuning: Sendable {
    public var tapMaximumDuration = GestureDefaults.tapMaximumDuration
    public var tapMaximumMovementMillimetres = GestureDefaults.tapMaximumMovementMillimetres
    public var tapMaximumExcursionMillimetres = GestureDefaults.tapMaximumExcursionMillimetres
    public var tapWindow = GestureDefaults.tapWindow
    public var longPressMinimumDuration = GestureDefaults.longPressMinimumDuration
    public var longPressMaximumDistanceMillimetres = GestureDefaults.longPressMaximumDistanceMillimetres
    public var longPressInterval = GestureDefaults.longPressInterval
    public var dragMinimumDistanceMillimetres = GestureDefaults.dragMinimumDistanceMillimetres
    public var magnifyMinimumScaleDelta = GestureDefaults.magnifyMinimumScaleDelta
    public var rotateMinimumAngleDegrees = GestureDefaults.rotateMinimumAngleDegrees

    public init() {}
}

/// Taps (single and double), long-press, drag, and magnify with rotate.
///
/// Three members race in an arena: whichever recognizes first owns the sequence. A drag and a
/// pinch of the same fingers are rivals, so a straight two-finger scroll does not also report
/// magnify; the double tap has priority over the single, which waits for its window. Fingers
/// that rest before they move — common on touchpads — give a long-press that ends when the drag
/// or pinch takes over (as libinput's hold gesture ends when a swipe begins).
public typealias DefaultGestureSet = Arena<
    Exclusive<TapGesture, TapGesture>,
    Arena<Sequenced<LongPressGesture, MotionGestures>, MotionGestures>
>

/// A drag, or a magnify-and-rotate, of the same fingers: whichever clearly starts first.
public typealias MotionGestures = Arena<DragGesture, Simultaneous<MagnifyGesture, RotateGesture>>

public enum DefaultGestures {
    /// Drags and pinches count every finger a frame can hold: a whole-hand swipe is still a swipe.
    public static let motionFingers: ClosedRange<Int> = 1...TouchFrame.capacity

    public static func make(_ tuning: GestureTuning = GestureTuning()) -> DefaultGestureSet {
        func tap(_ count: Int) -> TapGesture {
            TapGesture(count: count, maximumDuration: tuning.tapMaximumDuration,
                       maximumMovementMillimetres: tuning.tapMaximumMovementMillimetres,
                       maximumExcursionMillimetres: tuning.tapMaximumExcursionMillimetres, window: tuning.tapWindow)
        }
        func motion() -> MotionGestures {
            let drag = DragGesture(fingers: motionFingers, minimumDistanceMillimetres: tuning.dragMinimumDistanceMillimetres)
            let pinch = MagnifyGesture(fingers: 2...TouchFrame.capacity, minimumScaleDelta: tuning.magnifyMinimumScaleDelta)
                .simultaneously(with: RotateGesture(fingers: 2...TouchFrame.capacity,
                                                    minimumAngleDegrees: tuning.rotateMinimumAngleDegrees))
            return Arena(drag, pinch)
        }
        let longPress = LongPressGesture(
            minimumDuration: tuning.longPressMinimumDuration,
            maximumDistanceMillimetres: tuning.longPressMaximumDistanceMillimetres,
            interval: tuning.longPressInterval)
        return Arena(tap(2).exclusively(before: tap(1)), Arena(longPress.sequenced(before: motion()), motion()))
    }
}
