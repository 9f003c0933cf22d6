/// What recognizers see of a frame: where the contacts are as a group, and how they moved since
/// the previous frame.
///
/// The engine derives it once per frame from the frame and its predecessor, using only the
/// contacts present in both, so a finger landing or lifting never makes the centroid jump
/// (libinput's gesture code reasons the same way about finger-count changes). Every recognizer
/// then accumulates the same few numbers instead of walking the contacts itself.
public struct TouchInput: Sendable {
    /// When the frame was reported.
    public var time: Instant
    /// Contacts with a position.
    public var contactCount: Int
    /// Fingers the device reports (≥ `contactCount`; see `TouchFrame.fingerCount`).
    public var fingerCount: Int
    /// Centroid of the contacts, mm; the previous centroid when there are none.
    public var centroid: Point
    /// How far the centroid of the persisting contacts moved since the previous frame, mm.
    public var step: Point = .zero
    /// `step.length`, computed once for every recognizer.
    public var stepLength = 0.0
    /// `step` over the time since the previous frame, mm/s: the speed a smoothed velocity moves
    /// toward.
    public var stepVelocity: Point = .zero
    /// How far one frame moves a smoothed velocity toward `stepVelocity`: the time since the
    /// previous frame over `ContactTracker.velocitySmoothing`, at most 1; 0 when no time passed.
    /// Computed here once, not in each of the recognizers' trackers, because the divisions cost
    /// more than the rest.
    public var velocityWeight = 0.0
    /// Ratio of the persisting contacts' spread to their spread in the previous frame (1 = same).
    public var scaleFactor: Double = 1
    /// How far the persisting contacts turned around their centroid, degrees, clockwise positive.
    public var rotationDegrees: Double = 0
    /// The persisting contacts' mean distance from their centroid, mm; 0 with fewer than two.
    public var span: Double = 0
    // The two flags come last, and the time between frames is not kept: at 122 bytes the input
    // is copied with a few moves, at 137 through a call to memcpy — and recognizers receive it
    // by copy, several times per frame.
    /// A physical button is held (see `TouchFrame.isButtonPressed`).
    public var isButtonPressed: Bool
    /// A finger landed with this frame: the device reports more fingers than before (on a
    /// stream's first frame, any finger).
    public var fingerLanded: Bool

    /// Spans shorter than this (two fingers touching) say nothing reliable about scale or angle.
    public static let minimumSpanMillimetres = 2.0

    /// Every finger lifted.
    @inlinable public var allLifted: Bool { fingerCount == 0 }

    /// The first frame of a stream, or one that follows a gap: nothing moved.
    @inline(__always)
    public init(_ frame: borrowing TouchFrame) {
        time = frame.time
        contactCount = frame.count
        fingerCount = frame.fingerCount
        isButtonPressed = frame.isButtonPressed
        centroid = frame.centroid
        fingerLanded = frame.fingerCount > 0
    }

    /// An input without contacts, at `time`: what steps other than frames carry. Built field by
    /// field, not from an empty `TouchFrame`, whose ten contacts would be filled and copied.
    public init(withoutContactsAt time: Instant) {
        self.time = time
        contactCount = 0
        fingerCount = 0
        isButtonPressed = false
        centroid = .zero
        fingerLanded = false
    }

    /// Where `input`'s contacts were just before it, as a frame that moved nothing and on which no
    /// finger landed: what a gesture that was already watching as `input` moved starts from (a
    /// sequence's second, which watches from its first's recognition), so that `input`'s movement
    /// is its own.
    init(before input: TouchInput) {
        time = input.time
        contactCount = input.contactCount
        fingerCount = input.fingerCount
        isButtonPressed = input.isButtonPressed
        centroid = input.centroid - input.step
        fingerLanded = false
    }

    /// `frames[latest]` as it moved since the other of the two.
    ///
    /// The pair is only read: it is `inout` so that it is read where it is, as Swift 6.3 copies
    /// a borrowed frame whole to take its span (callgrind counts a memcpy of 272 bytes per frame
    /// for each one borrowed). The engine's two frames trade roles every frame; taken as a pair
    /// and an index, either order is one call, which is inlined there (see `Engine.measure`).
    @inline(__always)
    init(_ frames: inout InlineArray<2, TouchFrame>, latest: Int) {
        let pair = frames.span
        let previousIndex = 1 - latest
        time = pair[latest].time
        contactCount = pair[latest].count
        fingerCount = pair[latest].fingerCount
        isButtonPressed = pair[latest].isButtonPressed
        fingerLanded = pair[latest].fingerCount > pair[previousIndex].fingerCount
        let interval = pair[latest].time - pair[previousIndex].time
        let seconds = interval.seconds
        if interval.microseconds > 0 { velocityWeight = min(1, seconds / ContactTracker.velocitySmoothing.seconds) }

        // Spans read the frames where they are; indexing the frames themselves copied them whole.
        let contacts = pair[latest].storage.span.extracting(0..<pair[latest].count)
        let before = pair[previousIndex].storage.span.extracting(0..<pair[previousIndex].count)
        // Where each contact was in the previous frame: the index in `before`, or -1 if it just
        // landed. A literal, which the compiler writes in place; `init(repeating:)` was a call.
        var origins: InlineArray<10, Int> = [-1, -1, -1, -1, -1, -1, -1, -1, -1, -1]
        // Every contact's sum (for `centroid`, the same additions in the same order as
        // `TouchFrame.centroid`'s), and the persisting contacts' sums in both frames.
        var sum = Point.zero, previousSum = Point.zero, currentSum = Point.zero
        var common = 0
        for index in contacts.indices {
            sum = sum + contacts[index].position
            guard let origin = TouchInput.index(of: contacts[index].id, in: before, hint: index) else { continue }
            origins[index] = origin
            previousSum = previousSum + before[origin].position
            currentSum = currentSum + contacts[index].position
            common += 1
        }
        let count = Double(contacts.count)
        centroid = contacts.isEmpty ? pair[previousIndex].centroid : Point(x: sum.x / count, y: sum.y / count)
        guard common > 0 else { return }
        let n = Double(common)
        let previousCentroid = Point(x: previousSum.x / n, y: previousSum.y / n)
        let currentCentroid = Point(x: currentSum.x / n, y: currentSum.y / n)
        step = currentCentroid - previousCentroid
        stepLength = step.length
        if velocityWeight > 0 { stepVelocity = Point(x: step.x / seconds, y: step.y / seconds) }
        guard common >= 2 else { return }

        var previousSpan = 0.0, currentSpan = 0.0
        var weightedAngle = 0.0, weights = 0.0
        for index in contacts.indices where origins[index] >= 0 {
            let a = before[origins[index]].position - previousCentroid
            let b = contacts[index].position - currentCentroid
            let lengthA = a.length
            previousSpan += lengthA
            currentSpan += b.length
            guard lengthA > TouchInput.minimumSpanMillimetres / 2 else { continue }
            let cross = a.x * b.y - a.y * b.x
            let dot = a.x * b.x + a.y * b.y
            weightedAngle += arcTangent2(cross, dot) * lengthA
            weights += lengthA
        }
        span = currentSpan / n
        if previousSpan > TouchInput.minimumSpanMillimetres, currentSpan > TouchInput.minimumSpanMillimetres {
            scaleFactor = currentSpan / previousSpan
        }
        if weights > 0 { rotationDegrees = weightedAngle / weights * degreesPerRadian }
    }

    /// The index of the contact `id` in `contacts`, looking at `hint` first: decoders keep
    /// contacts in slot order, so it is almost always where it was in the previous frame.
    private static func index(of id: Int32, in contacts: Span<Contact>, hint: Int) -> Int? {
        if hint < contacts.count, contacts[hint].id == id { return hint }
        for index in contacts.indices where contacts[index].id == id { return index }
        return nil
    }
}
