/// What one gesture attempt has done so far, accumulated from `TouchInput`s: translation, path
/// length, scale, rotation and velocity since its first frame.
public struct ContactTracker: Sendable {
    /// Time of the first frame; gestures measure their durations from here.
    public private(set) var startTime: Instant
    public private(set) var time: Instant
    /// The centroid's path since the first frame.
    public private(set) var path = SwipePath()
    /// Product of the frame-to-frame span ratios (1 = unchanged).
    public private(set) var scale: Double = 1
    /// Sum of the frame-to-frame rotations, degrees, clockwise positive (y grows downward).
    public private(set) var rotationDegrees: Double = 0
    /// Smoothed centroid velocity, mm/s.
    public private(set) var velocity: Point = .zero
    /// Current centroid, mm.
    public private(set) var location: Point
    /// The most fingers the device reported since the first frame.
    public private(set) var maximumFingers: Int

    /// The time over which velocity is smoothed; ~3 frames at the common 100 Hz report rate.
    public static let velocitySmoothing = Interval.milliseconds(30)

    /// No attempt yet: what a recognizer holds before the first touch. Recognizers keep their
    /// tracker beside their state enum, not in its payloads, so a frame updates it in place
    /// instead of copying it out of the enum and back (a fifth of a frame's time when it did).
    public init() {
        startTime = Instant(microseconds: 0)
        time = startTime
        location = .zero
        maximumFingers = 0
    }

    /// Starts at `input`: its own movement happened before the attempt began.
    public init(_ input: TouchInput) {
        startTime = input.time
        time = input.time
        location = input.centroid
        maximumFingers = input.fingerCount
    }

    public mutating func update(_ input: TouchInput) {
        time = input.time
        maximumFingers = max(maximumFingers, input.fingerCount)
        location = input.centroid
        path.move(by: input.step, length: input.stepLength)
        scale *= input.scaleFactor
        rotationDegrees += input.rotationDegrees
        if input.velocityWeight > 0 {
            velocity = Point(
                x: velocity.x + (input.stepVelocity.x - velocity.x) * input.velocityWeight,
                y: velocity.y + (input.stepVelocity.y - velocity.y) * input.velocityWeight)
        }
    }

    /// The centroid's movement since the first frame, mm.
    public var translation: Point { path.translation }

    /// The swipe direction of the path so far (`SwipePath.direction(minimumDistance:)`).
    public func direction(minimumDistance: Double) -> SwipeDirection? {
        path.direction(minimumDistance: minimumDistance)
    }
}
