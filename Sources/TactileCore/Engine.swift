/// Drives a gesture with frames and time, and numbers the touch sequences.
///
/// A touch sequence starts with the first finger down and ends when every finger is up and no
/// deadline is pending (a double tap's window holds it open). Then every recognizer returns to
/// its initial state and the sequence number moves on, so consumers can tell attempts apart.
///
/// Deadlines fire at their own time: before a frame is processed, every deadline at or before
/// its time fires first, in order. Live and replay therefore agree to the microsecond.
public struct Engine<Root: Gesture> {
    public private(set) var root: Root
    /// Stamped on every event; the first sequence is 1.
    public private(set) var sequence: UInt64 = 1
    /// A finger touched since the sequence began (it has something to end).
    private var inSequence = false
    private var fingersDown = false
    /// The fingers now down landed while a deadline, not a finger, held the sequence open.
    private var touchLandedInOpenSequence = false
    /// The last frame processed, to measure how the next one moved; meaningful while `inSequence`.
    private var previous = TouchFrame(time: Instant(microseconds: 0))
    /// The latest time the engine has seen; time never runs backwards inside the engine.
    public private(set) var now = Instant(microseconds: Int64.min)

    public init(_ root: Root) { self.root = root }

    /// When the engine next needs `advance(to:)` even if no frame arrives.
    public var nextDeadline: Instant? { root.deadline }

    /// Fires due deadlines, then feeds the frame. A frame older than one already seen is
    /// treated as arriving now (the decoder warns about such devices).
    public mutating func process(_ frame: borrowing TouchFrame, into events: inout GestureEventBuffer) {
        advance(to: frame.time, into: &events)
        now = max(frame.time, now)
        let lifted = frame.allLifted
        guard inSequence || !lifted else { return }  // hovering between sequences
        // A finger landing while only a deadline holds the sequence open (a double tap's window).
        if inSequence && !fingersDown && !lifted { touchLandedInOpenSequence = true }
        var input = inSequence ? TouchInput(frame, after: previous) : TouchInput(frame)
        input.time = now
        previous = copy frame
        inSequence = true
        fingersDown = !lifted
        var start = events.count
        root.update(input, into: &events)
        events.stamp(from: start, sequence: sequence)
        if touchLandedInOpenSequence && !lifted && (root.isFinished || root.decision == .rejected) {
            // What held the sequence open cannot use this touch (the second tap landed too far
            // away, or moved like a drag): from this frame on it is a new sequence, not a lost one.
            startNewSequence(at: now, into: &events)
            start = events.count
            var first = TouchInput(frame)
            first.time = now
            root.update(first, into: &events)
            inSequence = true
            fingersDown = true
            events.stamp(from: start, sequence: sequence)
        }
        endSequenceIfSettled(at: now, into: &events)
    }

    /// Time has reached `time`: fires every deadline at or before it, each at its own time.
    public mutating func advance(to time: Instant, into events: inout GestureEventBuffer) {
        // Halved so that no timestamp, however wild, overflows the difference.
        let silence = GestureDefaults.maximumSilence.microseconds / 2
        if fingersDown, time.microseconds / 2 - now.microseconds / 2 > silence {
            reset(at: now, into: &events)
        }
        while let deadline = root.deadline, deadline <= time {
            let firedAt = max(deadline, now)
            now = firedAt
            let start = events.count
            root.advance(to: firedAt, into: &events)
            events.stamp(from: start, sequence: sequence)
            endSequenceIfSettled(at: firedAt, into: &events)
            if let next = root.deadline, next <= deadline {
                assertionFailure("a recognizer kept a deadline it had already passed")
                break
            }
        }
        if time > now { now = time }
    }

    /// Cancels everything in flight (writing `cancelled` for gestures that began) and returns
    /// every recognizer and `GestureState` to its initial value: device removed, SYN_DROPPED,
    /// configuration reloaded.
    public mutating func reset(at time: Instant, into events: inout GestureEventBuffer) {
        now = max(time, now)
        let start = events.count
        root.cancel(at: now, into: &events)
        events.stamp(from: start, sequence: sequence)
        if inSequence { sequence += 1 }
        inSequence = false
        fingersDown = false
        touchLandedInOpenSequence = false
    }

    /// Cancels everything in flight, as `reset` does, and recognizes `root` from now on (a
    /// configuration reload). Sequence numbers carry on, so consumers never see one reused.
    public mutating func replaceGestures(with root: Root, at time: Instant, into events: inout GestureEventBuffer) {
        reset(at: time, into: &events)
        self.root = root
    }

    /// The input ended (a recording's last event, a device unplugged): deadlines that need no
    /// finger on the surface still fire — a single tap's window closes — and then whatever is
    /// still in flight ends with `cancelled`.
    public mutating func endOfInput(into events: inout GestureEventBuffer) {
        while !fingersDown, let deadline = root.deadline {
            advance(to: deadline, into: &events)
        }
        reset(at: now, into: &events)
    }

    private mutating func endSequenceIfSettled(at time: Instant, into events: inout GestureEventBuffer) {
        guard inSequence, !fingersDown, root.deadline == nil else { return }
        startNewSequence(at: time, into: &events)
    }

    /// Every gesture has ended or failed by now; `cancel` only speaks if one has not.
    private mutating func startNewSequence(at time: Instant, into events: inout GestureEventBuffer) {
        let start = events.count
        root.cancel(at: time, into: &events)
        events.stamp(from: start, sequence: sequence)
        sequence += 1
        inSequence = false
        touchLandedInOpenSequence = false
    }
}
