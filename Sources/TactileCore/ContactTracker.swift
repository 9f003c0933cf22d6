/// Follows the contacts of one gesture attempt: centroid translation, path length, scale,
/// rotation and velocity.
///
/// Every quantity is accumulated from the contacts present in two consecutive frames, so a
/// finger landing or lifting never makes the centroid jump (libinput's gesture code reasons
/// the same way about finger-count changes).
public struct ContactTracker: Sendable {
    /// Time of the first frame; gestures measure their durations from here.
    public private(set) var startTime: Instant
    public private(set) var time: Instant
    /// The centroid's movement since the first frame, mm.
    public private(set) var translation: Point = .zero
    /// Distance travelled by the centroid, mm; with `translation` it tells how straight a path was.
    public private(set) var pathLength: Double = 0
    /// The largest distance the centroid has been from where it started, mm.
    public private(set) var maximumDistance: Double = 0
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
    private var previous: TouchFrame

    /// The time over which velocity is smoothed; ~3 frames at the common 100 Hz report rate.
    public static let velocitySmoothing = Interval.milliseconds(30)
    /// Spans shorter than this (two fingers touching) say nothing reliable about scale or angle.
    public static let minimumSpanMillimetres = 2.0

    public init(_ frame: borrowing TouchFrame) {
        startTime = frame.time
        time = frame.time
        location = frame.centroid
        maximumFingers = frame.fingerCount
        previous = copy frame
    }

    public var duration: Interval { time - startTime }

    public mutating func update(_ frame: borrowing TouchFrame) {
        let interval = frame.time - time
        time = frame.time
        maximumFingers = max(maximumFingers, frame.fingerCount)
        if !frame.isEmpty { location = frame.centroid }

        var previousSum = Point.zero, currentSum = Point.zero
        var common = 0
        for index in 0..<frame.count {
            let contact = frame[index]
            guard let before = previous.contact(withID: contact.id) else { continue }
            previousSum = previousSum + Point(x: before.x, y: before.y)
            currentSum = currentSum + Point(x: contact.x, y: contact.y)
            common += 1
        }
        if common > 0 {
            let n = Double(common)
            let previousCentroid = Point(x: previousSum.x / n, y: previousSum.y / n)
            let currentCentroid = Point(x: currentSum.x / n, y: currentSum.y / n)
            let step = currentCentroid - previousCentroid
            translation = translation + step
            pathLength += step.length
            maximumDistance = max(maximumDistance, translation.length)
            updateVelocity(step: step, interval: interval)
            if common >= 2 {
                accumulateSpanAndAngle(frame, previousCentroid, currentCentroid)
            }
        }
        previous = copy frame
    }

    private mutating func updateVelocity(step: Point, interval: Interval) {
        guard interval.microseconds > 0 else { return }
        let seconds = interval.seconds
        let instant = Point(x: step.x / seconds, y: step.y / seconds)
        let weight = min(1, seconds / ContactTracker.velocitySmoothing.seconds)
        velocity = Point(
            x: velocity.x + (instant.x - velocity.x) * weight,
            y: velocity.y + (instant.y - velocity.y) * weight)
    }

    private mutating func accumulateSpanAndAngle(
        _ frame: borrowing TouchFrame, _ previousCentroid: Point, _ currentCentroid: Point
    ) {
        var previousSpan = 0.0, currentSpan = 0.0
        var weightedAngle = 0.0, weights = 0.0
        for index in 0..<frame.count {
            let contact = frame[index]
            guard let before = previous.contact(withID: contact.id) else { continue }
            let a = Point(x: before.x, y: before.y) - previousCentroid
            let b = Point(x: contact.x, y: contact.y) - currentCentroid
            let lengthA = a.length
            previousSpan += lengthA
            currentSpan += b.length
            guard lengthA > ContactTracker.minimumSpanMillimetres / 2 else { continue }
            let cross = a.x * b.y - a.y * b.x
            let dot = a.x * b.x + a.y * b.y
            weightedAngle += arcTangent2(cross, dot) * lengthA
            weights += lengthA
        }
        if previousSpan > ContactTracker.minimumSpanMillimetres,
            currentSpan > ContactTracker.minimumSpanMillimetres
        {
            scale *= currentSpan / previousSpan
        }
        if weights > 0 { rotationDegrees += weightedAngle / weights * degreesPerRadian }
    }

    /// The swipe direction of the path so far: the dominant axis, when the path was straight
    /// (net displacement at least `straightness` of the distance travelled) and within
    /// `maximumAxisDeviationDegrees`'s tangent of an axis.
    public func direction(minimumDistance: Double) -> SwipeDirection? {
        let net = translation.length
        guard net >= minimumDistance, net >= GestureDefaults.swipeStraightness * pathLength else {
            return nil
        }
        let (dx, dy) = (translation.x, translation.y)
        if abs(dy) <= abs(dx) * GestureDefaults.swipeAxisTolerance {
            return dx > 0 ? .right : .left
        }
        if abs(dx) <= abs(dy) * GestureDefaults.swipeAxisTolerance {
            return dy > 0 ? .down : .up
        }
        return nil
    }
}
