/// Taps (single and double), long-press, edge swipe, drag, and magnify with rotate.
///
/// Three members race in an arena, in this order of priority: whichever recognizes first owns
/// the sequence. A drag and a pinch of the same fingers are rivals, so a straight two-finger
/// scroll does not also report magnify; the double tap has priority over the single, which waits
/// for its window. Fingers that rest before they move — common on touchpads — give a long-press
/// that ends when the drag or pinch takes over (as libinput's hold gesture ends when a swipe begins).
public typealias DefaultGestureSet = Arena<
    ArenaMember<Exclusive<TapGesture, TapGesture>,
    ArenaMember<Sequenced<LongPressGesture, MotionGestures>,
    ArenaMember<MotionGestures, ArenaEnd>>>
>

/// An edge swipe, a drag, or a magnify-and-rotate, of the same fingers: whichever clearly starts
/// first. An edge swipe and a drag begin at the same distance; on that tie the edge swipe, declared
/// first, wins when the fingers came in from an edge, and the drag when they did anything else.
public typealias MotionGestures = Arena<
    ArenaMember<EdgeSwipeGesture,
    ArenaMember<DragGesture,
    ArenaMember<Simultaneous<MagnifyGesture, RotateGesture>, ArenaEnd>>>
>

/// Builds the default gesture set.
public enum DefaultGestures {
    /// Drags and pinches count every finger a frame can hold: a whole-hand swipe is still a swipe.
    public static let motionFingers: ClosedRange<Int> = 1...TouchFrame.capacity

    /// The default set's members as the configuration declares gestures, in their order of
    /// priority: what `tactile config --default` prints, so the default is written in the same
    /// language as a user's gestures (a test holds the two to the same events).
    public static let declarations: [(name: String, expression: String)] = [
        ("taps", "tap(count: 2) else tap"),
        ("hold-then-move", "long-press then (edge-swipe or drag or (magnify with rotate))"),
        ("move", "edge-swipe or drag or (magnify with rotate)"),
    ]

    /// The default set, with `tuning`'s thresholds.
    public static func make(_ tuning: GestureTuning = GestureTuning()) -> DefaultGestureSet {
        let motion = Arena(tuning.edgeSwipe(), tuning.drag(), tuning.magnify().simultaneously(with: tuning.rotate()))
        return Arena(tuning.tap(count: 2).exclusively(before: tuning.tap(count: 1)),
                     tuning.longPress().sequenced(before: motion),
                     motion)
    }
}
