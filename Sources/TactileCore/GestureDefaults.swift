/// The default thresholds, each with its unit in its name and where the value comes from.
///
/// Distances are millimetres on the surface; our thresholds are larger than the ones mobile
/// platforms use in points because old touch panels and touchpads jitter by a millimetre or more.
public enum GestureDefaults {
    /// A tap may last this long. libinput's touchpad tap timeout is 180 ms
    /// (DEFAULT_TAP_TIMEOUT_PERIOD); touchscreen taps by real hands run longer, so we allow 300 ms.
    public static let tapMaximumDuration = Interval.milliseconds(300)
    /// A tap must lift within this distance of where it landed. libinput allows 1.3 mm on
    /// touchpads (DEFAULT_TAP_MOVE_THRESHOLD); sizes without resolution are estimated, so 3 mm.
    public static let tapMaximumMovementMillimetres = 3.0
    /// Each finger beyond the first adds this to a tap's movement tolerance (never beyond its
    /// excursion limit): several fingers wobble more than one, and their centroid jumps as they
    /// land and lift unevenly. libinput widens its gesture movement thresholds per finger the same
    /// way (0.5 mm for `min_move`, `tp_gesture_detect_motion_gestures`).
    public static let tapMovementPerExtraFingerMillimetres = 0.5
    /// A surface whose size is estimated (no resolution reported) widens a tap's movement
    /// tolerance by this factor: the estimate can be off by a third either way (a 13.3-inch
    /// guess for panels of 7 to 21.5 inches), as Android and libinput scale slop by device kind.
    public static let estimatedSizeTolerance = 1.3
    /// …and may wander this far on the way: touch-down jitter on PS/2 pads reaches 4 mm within
    /// a 70 ms tap (ALPS GlidePoint in the corpus). It equals the drag threshold, so a touch
    /// that starts a drag is never also a tap.
    public static let tapMaximumExcursionMillimetres = 5.0
    /// The next tap of a double tap must start within this time of the last lift:
    /// Flutter's kDoubleTapTimeout and Android's DOUBLE_TAP_TIMEOUT are both 300 ms.
    public static let tapWindow = Interval.milliseconds(300)
    /// The taps of a multi-tap must land within this distance of the first (Flutter's
    /// kDoubleTapSlop is 100 logical pixels ≈ 16 mm).
    public static let tapSlopMillimetres = 16.0

    /// SwiftUI's LongPressGesture and Flutter's kLongPressTimeout both wait 0.5 s.
    public static let longPressMinimumDuration = Interval.milliseconds(500)
    /// How far a long-press may wander. SwiftUI's default is 10 points; on a touchpad without
    /// a known resolution that is too tight, so we allow 8 mm (about a fingertip's width).
    public static let longPressMaximumDistanceMillimetres = 8.0
    /// How often a held long-press ticks: a `changed` event ten times a second, with the next `tick`.
    public static let longPressInterval = Interval.milliseconds(100)
    /// The shortest tick interval a long-press takes: 100 ticks a second is already faster than
    /// touch devices report (60–140 Hz), and a 1 µs tick would flood every client with a
    /// million events for each second a finger is held (found by the engine fuzzer).
    public static let longPressMinimumInterval = Interval.milliseconds(10)

    /// Fingers landing within this time of each other are one landing: a continuous gesture's
    /// `began` waits until this long after the last landing, so a four-finger swipe whose last
    /// finger lands late begins as four, and later landings or lifts never change a gesture that
    /// began. libinput debounces a touchpad gesture's finger count by the same 100 ms
    /// (`DEFAULT_GESTURE_SWITCH_TIMEOUT` in `src/evdev-mt-touchpad-gestures.c`).
    public static let fingerSettleTime = Interval.milliseconds(100)
    /// A drag begins after this much movement: more than a tap may move, so the two never overlap.
    public static let dragMinimumDistanceMillimetres = 5.0
    /// A drag of several fingers begins once each moved this far the same way (`MovingTogether`),
    /// without waiting for `dragMinimumDistanceMillimetres` or its landing to settle, so a swipe
    /// reaches its reader when libinput's does: 1.5 mm is libinput's `min_move` for two touches,
    /// past which it tells a scroll or swipe from a pinch by their directions
    /// (`tp_gesture_detect_motion_gestures` in `src/evdev-mt-touchpad-gestures.c`). The price is
    /// libinput's too: fingers of a tap that drift together this far make a drag, and a finger
    /// landing within `fingerSettleTime` after it began cancels it and begins another.
    public static let dragTogetherDistanceMillimetres = 1.5
    /// …and each finger beyond two adds this, as libinput widens `min_move` ("more margin for
    /// error when there are more fingers"): 2 mm for three fingers, 2.5 mm for four.
    public static let dragTogetherDistancePerExtraFingerMillimetres = 0.5
    /// Fingers move together when their common motion is at least this many times their motion
    /// relative to each other, which keeps each finger's heading within about 30° of the common
    /// one: the mirror of `pinchMinimumRelativeMotion`.
    public static let dragMinimumCommonMotion = 2.0
    /// A drag has a direction when it ends at least this share of the farthest distance it
    /// reached from its start: a back-and-forth ends near where it began, and has none.
    public static let swipeStraightness = 0.8
    /// …and when it travelled at most twice its net displacement: a circle or a U-turn travels
    /// far more, while jitter on a straight swipe adds much less.
    public static let swipeMinimumEfficiency = 0.5
    /// Its direction is an axis when its minor axis is at most tan(35°) of its major one: 35° on
    /// either side of each axis, leaving a 20° band around each diagonal where it is that diagonal
    /// (libinput-gestures and fusuma take the dominant axis with no band at all; a band keeps
    /// diagonal strokes out of four-way bindings).
    public static let swipeAxisTolerance = 0.7

    /// An edge swipe must land within this distance of an edge. A finger swiping in from a bezel is
    /// first reported 0–2.5 mm inside the edge in the corpus (Wacom Bamboo top swipes, an HP
    /// Spectre touchpad), and lisgd, the touchscreen swipe daemon of postmarketOS and sxmo, takes
    /// 50 px (4.7 mm on the PinePhone's 268 dpi panel); libinput's touchpad edge-scroll zone is
    /// 7 mm (`src/evdev-mt-touchpad-edge-scroll.c`), wide enough to hold a scrolling finger. 5 mm
    /// catches every edge swipe seen while leaving drags that start 5–12 mm from an edge, most of
    /// those near edges in the corpus, drags.
    public static let edgeSwipeZoneMillimetres = 5.0

    /// Magnify begins once the fingers' span changed by 15 %: SwiftUI's 0.01 would let every
    /// two-finger scroll report a pinch, so the scale must move clearly before the drag does.
    public static let magnifyMinimumScaleDelta = 0.15
    /// Fingers held through a silence longer than this are taken as a lift the device never
    /// reported (a suspend, a dropped connection, a corrupt recording): the engine cancels what
    /// is in flight at the last time heard instead of ticking through the whole gap — a
    /// recording whose clock jumps by years would otherwise never finish replaying. An hour in
    /// whole milliseconds: `Interval.seconds` takes a `Double`, which is not folded into a
    /// constant, and the engine read it behind a lazy initializer's check on every frame.
    public static let maximumSilence = Interval.milliseconds(3_600_000)

    /// A pinch (magnify, rotate) begins only when the fingers' motion relative to their centroid
    /// is at least this many times their common motion (`ContactTracker.movesApartMoreThanTogether`).
    public static let pinchMinimumRelativeMotion = 2.0

    /// Rotate begins after 15°: SwiftUI's 1° is below the angle noise of two drifting fingers.
    public static let rotateMinimumAngleDegrees = 15.0
}
