/// What recognizers see of a frame: where the contacts are as a group, and how they moved since
/// the previous frame.
///
/// The engine derives it once per frame from the frame and its predecessor, using only the
/// contacts present in both, so a finger landing or lifting never makes the centroid jump
/// (libinput's gesture code reasons the same way about finger-count changes). Every recognizer
/// then accumulates the same few numbers instead of walking the contacts itself.
public struct TouchInput: Sendable {
    public var time: Instant
    /// Contacts with a position.
    public var contactCount: Int
    /// Fingers the device reports (≥ `contactCount`; see `TouchFrame.fingerCount`).
    public var fingerCount: Int
    /// A physical button is held (see `TouchFrame.isButtonPressed`).
    public var isButtonPressed: Bool
    /// Centroid of the contacts, mm; the previous centroid when there are none.
    public var centroid: Point
    /// How far the centroid of the persisting contacts moved since the previous frame, mm.
    public var step: Point = .zero
    /// `step.length`, computed once for every recognizer.
    public var stepLength = 0.0
    /// Time since the previous frame.
    public var interval = Interval(microseconds: 0)
    /// Ratio of the persisting contacts' spread to their spread in the previous frame (1 = same).
    public var scaleFactor: Double = 1
    /// How far the persisting contacts turned around their centroid, degrees, clockwise positive.
    public var rotationDegrees: Double = 0

    /// Spans shorter than this (two fingers touching) say nothing reliable about scale or angle.
    public static let minimumSpanMillimetres = 2.0

    @inlinable public var allLifted: Bool { fingerCount == 0 }

    /// The first frame of a stream, or one that follows a gap: nothing moved.
    public init(_ frame: borrowing TouchFrame) {
        time = frame.time
        contactCount = frame.count
        fingerCount = frame.fingerCount
        isButtonPressed = frame.isButtonPressed
        centroid = frame.centroid
    }

    /// `frame` as it moved since `previous`.
    public init(_ frame: borrowing TouchFrame, after previous: borrowing TouchFrame) {
        self.init(frame)
        interval = frame.time - previous.time
        if frame.isEmpty { centroid = previous.centroid }

        var previousSum = Point.zero, currentSum = Point.zero
        var common = 0
        for index in 0..<frame.count {
            let contact = frame[index]
            guard let before = previous.contact(withID: contact.id) else { continue }
            previousSum = previousSum + Point(x: before.x, y: before.y)
            currentSum = currentSum + Point(x: contact.x, y: contact.y)
            common += 1
        }
        guard common > 0 else { return }
        let n = Double(common)
        let previousCentroid = Point(x: previousSum.x / n, y: previousSum.y / n)
        let currentCentroid = Point(x: currentSum.x / n, y: currentSum.y / n)
        step = currentCentroid - previousCentroid
        stepLength = step.length
        if common >= 2 { measureSpanAndAngle(frame, previous, previousCentroid, currentCentroid) }
    }

    private mutating func measureSpanAndAngle(
        _ frame: borrowing TouchFrame, _ previous: borrowing TouchFrame,
        _ previousCentroid: Point, _ currentCentroid: Point
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
            guard lengthA > TouchInput.minimumSpanMillimetres / 2 else { continue }
            let cross = a.x * b.y - a.y * b.x
            let dot = a.x * b.x + a.y * b.y
            weightedAngle += arcTangent2(cross, dot) * lengthA
            weights += lengthA
        }
        if previousSpan > TouchInput.minimumSpanMillimetres, currentSpan > TouchInput.minimumSpanMillimetres {
            scaleFactor = currentSpan / previousSpan
        }
        if weights > 0 { rotationDegrees = weightedAngle / weights * degreesPerRadian }
    }
}
