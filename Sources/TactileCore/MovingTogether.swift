/// The rule that lets a drag of several fingers begin before its `minimumDistance`, and without
/// waiting for its landing to settle: every finger has moved the same way, far enough to be
/// neither a tap nor fingertips settling. On by default (`drag.together-distance`, 1.5 mm); off,
/// a drag waits for its minimum distance and its landing (see
/// `GestureDefaults.dragTogetherDistanceMillimetres`).
///
/// libinput tells a touchpad swipe (a scroll with two fingers) from a pinch this way
/// (`tp_gesture_detect_motion_gestures` in `src/evdev-mt-touchpad-gestures.c`): once two of the
/// touches have each moved `min_move`, 1.5 mm plus 0.5 mm per finger beyond two, in the same or a
/// neighbouring compass direction, the swipe begins. A finger-count change before that takes
/// new starting positions. A three-finger swipe at 55 mm/s so begins after 2 mm, 48 ms, where the
/// centroid's 5 mm takes 96 ms, and the settle wait 100. Fingers that all travel one way that far
/// are taken for no tap and for a hand that has landed: a finger that lands starts the measure
/// again, and one that lands within the landing's time after the drag began cancels it for a
/// drag of them all, as libinput switches a swipe's finger count (`ContinuousGesture`).
///
/// Recognizers see the fingers' aggregates, not each contact (`TouchInput`), so "every finger"
/// is judged from two sums kept here since the last finger landed: the centroid's translation,
/// and the fingers' travel relative to it, frame by frame (their spread and turn). Summed frame
/// by frame, fingers that shift one after the other, each toward where the other went (two
/// resting fingers settling on a touchscreen, in the corpus), count their relative motion twice
/// instead of cancelling it. Off, it keeps nothing: a frame costs it one comparison.
public struct MovingTogether: Sendable {
    /// How far every finger of two moves the same way, mm; infinite where the rule is off, or
    /// never applies (a device that does not report where each finger is).
    public var distance: Double
    /// How far a one-finger tap may move where that is farther than `distance` allows, mm, else
    /// 0. On a surface of estimated size a millimetre may be off by a third, and a multi-finger
    /// tap drifting together is no swipe there: the fingers must also move past what a tap of
    /// theirs may (`GestureTuning.tap`'s tolerance).
    public var tapMovement: Double
    /// The centroid's movement since a finger last landed, or the sequence began, mm.
    public private(set) var translationSinceLanding = Point.zero
    /// How far the fingers moved relative to their centroid since then, mm: each frame's spread
    /// and turn as a contact at the mean span moves by them, summed.
    public private(set) var relativeTravelSinceLanding = 0.0

    /// `distance` for two fingers; past `tapMovement` too where it is set.
    public init(distance: Double = GestureDefaults.dragTogetherDistanceMillimetres, tapMovement: Double = 0) {
        self.distance = distance
        self.tapMovement = tapMovement
    }

    /// Whether the rule applies at all.
    @inline(__always)
    public var isOn: Bool { distance < .infinity }

    /// A new sequence: what its first frame's fingers did before is not theirs.
    @inline(__always)
    public mutating func start() {
        translationSinceLanding = .zero
        relativeTravelSinceLanding = 0
    }

    /// Takes in a frame after the first; a finger landing starts both sums again, as libinput
    /// takes new starting positions when the finger count changes.
    @inline(__always)
    public mutating func follow(_ input: TouchInput) {
        guard isOn else { return }
        if input.fingerLanded {
            start()
        } else {
            translationSinceLanding = translationSinceLanding + input.step
            let turn = input.rotationDegrees / degreesPerRadian
            relativeTravelSinceLanding += input.span * (abs(input.scaleFactor - 1) + abs(turn))
        }
    }

    /// How far every finger of `fingers` moves: more fingers wobble more, so each beyond two adds
    /// `GestureDefaults.dragTogetherDistancePerExtraFingerMillimetres`, as libinput's `min_move`,
    /// and a tap's tolerance grows by `GestureDefaults.tapMovementPerExtraFingerMillimetres`.
    @inline(__always)
    public func distance(fingers: Int) -> Double {
        let extra = Double(fingers - 2)
        return max(distance + GestureDefaults.dragTogetherDistancePerExtraFingerMillimetres * extra,
                   tapMovement + GestureDefaults.tapMovementPerExtraFingerMillimetres * (extra + 1))
    }

    /// On, two or more fingers, each located (not a semi-MT pad's count beyond its contacts), none
    /// lifted, have moved together since the last landed: their common motion, less their motion
    /// relative to each other, reaches `distance(fingers:)`, and is at least
    /// `GestureDefaults.dragMinimumCommonMotion` times the relative motion.
    @inline(__always)
    public func holds(_ tracker: ContactTracker, _ input: TouchInput) -> Bool {
        guard isOn else { return false }
        let moved = translationSinceLanding
        let squared = moved.x * moved.x + moved.y * moved.y
        // Cheapest first: most frames have not moved the two-finger distance since their landing.
        guard squared >= distance * distance else { return false }
        let fingers = input.fingerCount
        guard fingers >= 2, fingers == input.contactCount, fingers == tracker.maximumFingers else { return false }
        let common = squared.squareRoot()
        let relative = relativeTravelSinceLanding
        return common - relative >= distance(fingers: fingers)
            && common >= GestureDefaults.dragMinimumCommonMotion * relative
    }

    /// How far every finger has surely moved the common way (the common motion less the
    /// relative), against `distance(fingers:)`: for explanations, once `holds` did.
    public func progress(_ tracker: ContactTracker) -> (measured: Double, limit: Double) {
        (translationSinceLanding.length - relativeTravelSinceLanding,
         distance(fingers: tracker.maximumFingers))
    }
}

/// A measure that may begin sooner once every finger moves together: a drag, and an edge swipe,
/// which must still tie with the drag on the frame both can begin. `together` follows the fingers
/// and says when the landing is over.
public protocol MovesTogether: ContinuousMeasure {
    /// The rule, and its sums since the last finger landed.
    var together: MovingTogether { get set }
}

extension MovesTogether {
    /// `together` follows the fingers.
    @inline(__always)
    public mutating func follow(_ input: TouchInput) { together.follow(input) }

    /// Every finger moved together: the hand is on its way, its landing over.
    @inline(__always)
    public func hasSettled(_ tracker: ContactTracker, _ input: TouchInput) -> Bool { together.holds(tracker, input) }

    /// How far every finger moved together, against `together`'s distance.
    public func togetherProgress(_ tracker: ContactTracker) -> (measured: Double, limit: Double)? {
        together.progress(tracker)
    }
}
