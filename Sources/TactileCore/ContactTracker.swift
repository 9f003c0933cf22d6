/// What one gesture attempt has done so far, accumulated from `TouchInput`s: translation, path
/// length, scale, rotation and velocity since its first frame.
///
/// Its position, translation, finger count and times are always kept; the rest only for the
/// gestures that read them (`Sums`): a tap and a pressing long-press, which only ask whether the
/// fingers stayed put, keep how far they strayed, a drag its travel, a pinch the spread.
public struct ContactTracker: Sendable {
    /// The sums a gesture reads beyond position and translation. A sum not kept stays at its
    /// starting value: path length and farthest distance 0 (a `direction` judged from them means
    /// nothing), velocity zero, scale 1, rotation 0.
    public struct Sums: OptionSet, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }

        /// `path.pathLength` along `smoothedTranslation`, and `velocity`, with the excursion:
        /// what a drag reports and judges its direction by.
        public static let travel = Sums(rawValue: 1 << 0)
        /// `scale`, `rotationDegrees` and `startSpan`: a pinch's and a turn's.
        public static let spread = Sums(rawValue: 1 << 1)
        /// `path.maximumDistance`, how far the centroid strayed: what a tap and a pressing
        /// long-press fail on. A square root each frame, which a pinch never reads.
        public static let excursion = Sums(rawValue: 1 << 2)
        /// None: position and translation only (a long-press once held, which measures from its anchor).
        public static let positionOnly: Sums = []
        /// Everything.
        public static let all: Sums = [.travel, .spread, .excursion]
    }

    /// Time of the first frame; gestures measure their durations from here.
    public private(set) var startTime: Instant
    /// Time of the latest frame.
    public private(set) var time: Instant
    /// The centroid's path since the first frame: its translation as reported, its length as
    /// travelled by `smoothedLocation`.
    public private(set) var path = SwipePath()
    /// `path.translation` smoothed over `velocitySmoothing`: what the path's length is measured
    /// along, so sensor noise from frame to frame (a large contact wobbling ±3 mm at 100+ reports
    /// a second) does not count as travel, while a person's own turns, slower by far, still do.
    public private(set) var smoothedTranslation = Point.zero
    /// Product of the frame-to-frame span ratios (1 = unchanged).
    public private(set) var scale: Double = 1
    /// Sum of the frame-to-frame rotations, degrees, clockwise positive (y grows downward).
    public private(set) var rotationDegrees: Double = 0
    /// The contacts' span when two of them were first seen together, mm: the scale and the
    /// rotation are relative to it. 0 until then.
    public private(set) var startSpan: Double = 0
    /// Smoothed centroid velocity, mm/s.
    public private(set) var velocity: Point = .zero
    /// Current centroid, mm.
    public private(set) var location: Point
    /// The centroid at the first frame: where the fingers landed.
    public private(set) var startLocation: Point
    /// The most fingers the device reported since the first frame.
    public private(set) var maximumFingers: Int
    /// When a finger last landed since the first frame; long ago when none did (a gesture that
    /// starts watching fingers already down, as the second of a sequence).
    public private(set) var lastLanding: Instant

    /// A landing time before any deadline could matter, with room to add intervals to it.
    static let longAgo = Instant(microseconds: Int64.min / 2)

    /// The time over which velocity is smoothed; ~3 frames at the common 100 Hz report rate.
    public static let velocitySmoothing = Interval.milliseconds(30)

    // Recognizers keep their tracker beside their state enum, not in its payloads, so a frame
    // updates it in place instead of copying it out of the enum and back (a fifth of a frame's
    // time when it did).
    /// No attempt yet: what a recognizer holds before the first touch.
    public init() {
        startTime = Instant(microseconds: 0)
        time = startTime
        location = .zero
        startLocation = .zero
        maximumFingers = 0
        lastLanding = ContactTracker.longAgo
    }

    /// Starts at `input`: its own movement happened before the attempt began.
    public init(_ input: TouchInput) {
        startTime = input.time
        time = input.time
        location = input.centroid
        startLocation = input.centroid
        maximumFingers = input.fingerCount
        lastLanding = input.fingerLanded ? input.time : ContactTracker.longAgo
    }

    /// Accumulates one more frame, keeping `sums` beyond what is always kept. Inlined with a
    /// constant `sums`, the sums not kept are not compiled in.
    @inline(__always)
    public mutating func update(_ input: TouchInput, keeping sums: Sums = .all) {
        time = input.time
        maximumFingers = max(maximumFingers, input.fingerCount)
        if input.fingerLanded { lastLanding = input.time }
        location = input.centroid
        if sums.contains(.travel) {
            let translation = path.translation + input.step
            let smoothedStep = translation - smoothedTranslation
            let travelled = Point(x: smoothedStep.x * input.velocityWeight, y: smoothedStep.y * input.velocityWeight)
            smoothedTranslation = smoothedTranslation + travelled
            path.move(by: input.step, travelled: travelled.length)
            if input.velocityWeight > 0 {
                velocity = Point(
                    x: velocity.x + (input.stepVelocity.x - velocity.x) * input.velocityWeight,
                    y: velocity.y + (input.stepVelocity.y - velocity.y) * input.velocityWeight)
            }
        } else if sums.contains(.excursion) {
            path.shift(by: input.step)
        } else {
            path.translate(by: input.step)
        }
        if sums.contains(.spread) {
            scale *= input.scaleFactor
            if startSpan == 0 { startSpan = input.span }
            rotationDegrees += input.rotationDegrees
        }
    }

    /// The centroid's movement since the first frame, mm.
    public var translation: Point { path.translation }

    /// How far the contacts moved relative to their centroid since `startSpan` was taken, mm:
    /// a contact's displacement if the spread and the turn were all there were,
    /// `startSpan · |scale · e^(iθ) − 1|`.
    public var relativeMotion: Double {
        let turn = rotationDegrees / degreesPerRadian
        let squared = scale * scale - 2 * scale * cosine(turn) + 1
        return startSpan * max(0, squared).squareRoot()
    }

    /// The fingers move apart or around more than they move together: libinput tells a pinch
    /// from a two-finger scroll or a swipe by whether the fingers head in different directions
    /// (`tp_gesture_same_directions` in `src/evdev-mt-touchpad-gestures.c`). With two fingers of
    /// displacements a and b, common motion c = (a + b)/2 and relative motion r = (a − b)/2,
    /// a·b = |c|² − |r|²; asking r ≥ 2c puts the fingers' headings at least 127° apart, so a
    /// spread that swings while both fingers travel together (an unreliable second contact) is
    /// not a pinch.
    public var movesApartMoreThanTogether: Bool {
        relativeMotion >= GestureDefaults.pinchMinimumRelativeMotion * translation.length
    }

    /// The swipe direction of the path so far (`SwipePath.direction(minimumDistance:)`).
    public func direction(minimumDistance: Double) -> SwipeDirection? {
        path.direction(minimumDistance: minimumDistance)
    }
}
