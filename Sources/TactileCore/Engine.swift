/// Drives a gesture with frames and time, and numbers the touch sequences.
///
/// A touch sequence starts with the first finger down and ends when every finger is up and no
/// deadline is pending (a double tap's window holds it open). Then every recognizer returns to
/// its initial state and the sequence number moves on, so consumers can tell attempts apart.
///
/// Deadlines fire at their own time: before a frame is processed, every deadline at or before
/// its time fires first, in order. Live and replay therefore agree to the microsecond.
///
/// After every step of the gesture the engine stamps what it wrote — which is then published —
/// and calls `didPublish()`, so callbacks run at the end of the step, on the published events only.
///
/// Each call hands over what it published: through a closure (`process(_:_:)`, `advance(to:_:)`,
/// …), which leaves nothing to empty, or appended to a buffer the caller owns and empties
/// (`process(_:into:)`, …), for pipelines that batch several calls' events. When the gestures'
/// own callbacks do the work, leave the closure out (`process(_:)`, `advance(to:)`, …).
public struct Engine<Root: Gesture> {
    /// Where the current touch sequence is.
    private enum Touches: Equatable {
        /// No sequence is open: nothing touched yet, or the last sequence ended.
        case none
        /// Fingers are down. `landedInOpenSequence`: they landed while only a deadline, not a
        /// finger, held the sequence open (the second tap of a double tap).
        case down(landedInOpenSequence: Bool)
        /// Every finger lifted, but a deadline holds the sequence open (a double tap's window).
        case lifted
    }

    /// The gesture tree, as it stands (its values, its members' states).
    public private(set) var root: Root
    /// Stamped on every event; the first sequence is 1.
    public private(set) var sequence: UInt64 = 1
    private var touches = Touches.none
    /// The frame being processed and the one before it, to measure how it moved (the earlier
    /// is meaningful unless `touches` is `.none`). The two trade roles with every frame, so a
    /// frame is copied into the engine once and both are read where they are: with one stored
    /// frame, each frame was copied in after it was measured and once more to be measured.
    private var frames = InlineArray<2, TouchFrame>(repeating: TouchFrame(time: Instant(microseconds: 0)))
    /// The index in `frames` of the latest frame.
    private var latest = 1
    /// The latest time the engine has seen; time never runs backwards inside the engine.
    public private(set) var now = Instant(microseconds: Int64.min)

    /// Where the draining calls (`process(_:_:)`, …) collect a step's events before handing them
    /// over; emptied after every call, so its storage is reused and never grows past one burst.
    private var outbox = GestureEventBuffer()

    /// An engine that recognizes `root`, before any touch.
    public init(_ root: Root) { self.root = root }

    // MARK: Draining: the events are handed over, and nothing is left to empty.

    /// Fires due deadlines, feeds the frame, and hands `deliver` every event it published, in
    /// order. Allocates nothing once the engine has seen its largest burst.
    public mutating func process(_ frame: borrowing TouchFrame, _ deliver: (GestureEvent) throws -> Void) rethrows {
        var batch = takeOutbox()
        process(frame, into: &batch)
        try drain(&batch, deliver)
    }

    /// Time has reached `time`: fires every deadline at or before it and hands over its events.
    public mutating func advance(to time: Instant, _ deliver: (GestureEvent) throws -> Void) rethrows {
        var batch = takeOutbox()
        advance(to: time, into: &batch)
        try drain(&batch, deliver)
    }

    /// Cancels everything in flight, as `reset(at:into:)`, and hands over the `cancelled` events.
    public mutating func reset(at time: Instant, _ deliver: (GestureEvent) throws -> Void) rethrows {
        var batch = takeOutbox()
        reset(at: time, into: &batch)
        try drain(&batch, deliver)
    }

    /// Replaces the gestures, as `replaceGestures(with:at:into:)`, and hands over the `cancelled` events.
    public mutating func replaceGestures(with root: Root, at time: Instant,
                                         _ deliver: (GestureEvent) throws -> Void) rethrows {
        var batch = takeOutbox()
        replaceGestures(with: root, at: time, into: &batch)
        try drain(&batch, deliver)
    }

    /// Ends the input, as `endOfInput(into:)`, and hands over what that published.
    public mutating func endOfInput(_ deliver: (GestureEvent) throws -> Void) rethrows {
        var batch = takeOutbox()
        endOfInput(into: &batch)
        try drain(&batch, deliver)
    }

    /// The outbox, moved out so that the engine can write into it (an empty buffer without
    /// storage stands in, which allocates nothing).
    private mutating func takeOutbox() -> GestureEventBuffer {
        let batch = outbox
        outbox = GestureEventBuffer(capacity: 0)
        return batch
    }

    /// Hands `batch` over event by event, then keeps its emptied storage for the next call.
    private mutating func drain(_ batch: inout GestureEventBuffer, _ deliver: (GestureEvent) throws -> Void) rethrows {
        defer {
            batch.removeAll()
            outbox = batch
        }
        var index = 0
        while index < batch.count {
            try deliver(batch[index])
            index += 1
        }
    }

    // MARK: Callbacks only: the gestures' own callbacks do the work; the events go nowhere.

    /// Fires due deadlines and feeds the frame, as `process(_:_:)`, for the callbacks only.
    public mutating func process(_ frame: borrowing TouchFrame) { process(frame) { _ in } }

    /// Fires every deadline at or before `time`, as `advance(to:_:)`, for the callbacks only.
    public mutating func advance(to time: Instant) { advance(to: time) { _ in } }

    /// Cancels everything in flight, as `reset(at:_:)`, for the callbacks only.
    public mutating func reset(at time: Instant) { reset(at: time) { _ in } }

    /// Replaces the gestures, as `replaceGestures(with:at:_:)`, for the callbacks only.
    public mutating func replaceGestures(with root: Root, at time: Instant) {
        replaceGestures(with: root, at: time) { _ in }
    }

    /// Ends the input, as `endOfInput(_:)`, for the callbacks only.
    public mutating func endOfInput() { endOfInput { _ in } }

    // MARK: Appending: for pipelines that batch the events of several calls.

    private var fingersDown: Bool {
        if case .down = touches { return true }
        return false
    }

    // Inlinable, so a caller whose engine is stored in a class (live input reads it after every
    // read of a node) asks the root in place: a call of an opaque getter copies the engine
    // first, with every reference it holds.
    /// When the engine next needs `advance(to:)` even if no frame arrives: arm a timer for it.
    /// None for a deadline at the end of the clock (`Instant.distantFuture`), which never fires.
    @inlinable public var nextDeadline: Instant? {
        guard let deadline = root.deadline, deadline < .distantFuture else { return nil }
        return deadline
    }

    /// Fires due deadlines, then feeds the frame, appending what it published to `events`, which
    /// the caller empties. A frame older than one already seen is treated as arriving now (the
    /// decoder warns about such devices).
    public mutating func process(_ frame: borrowing TouchFrame, into events: inout GestureEventBuffer) {
        fireDeadlines(upTo: frame.time, into: &events)
        now = max(frame.time, now)
        let lifted = frame.allLifted
        let landedInOpenSequence: Bool
        switch touches {
        case .none:
            guard !lifted else { return }  // hovering between sequences
            landedInOpenSequence = false
        case .down(let landed):
            landedInOpenSequence = landed
        case .lifted:
            landedInOpenSequence = !lifted
        }
        let step = measure(frame, opensSequence: touches == .none, at: now)
        touches = lifted ? .lifted : .down(landedInOpenSequence: landedInOpenSequence)
        run(step, into: &events)
        if landedInOpenSequence && !lifted && (root.isFinished || root.decision == .rejected) {
            // What held the sequence open cannot use this touch (the second tap landed too far
            // away, or moved like a drag): from this frame on it is a new sequence, not a lost one.
            reset(at: now, into: &events)
            touches = .down(landedInOpenSequence: false)
            run(openingStep(at: now), into: &events)
        }
        endSequenceIfSettled(at: now, into: &events)
    }

    /// Time has reached `time`: fires every deadline at or before it, each at its own time,
    /// appending what it published to `events`.
    public mutating func advance(to time: Instant, into events: inout GestureEventBuffer) {
        fireDeadlines(upTo: time, into: &events)
    }

    /// `advance(to:into:)`'s body, inlined into `process` too: a frame's call of `advance` cost
    /// more than the little it does when no deadline is due, as it is on most frames.
    @inline(__always)
    private mutating func fireDeadlines(upTo time: Instant, into events: inout GestureEventBuffer) {
        // Halved so that no timestamp, however wild, overflows the difference.
        let silence = GestureDefaults.maximumSilence.microseconds / 2
        if fingersDown, time.microseconds / 2 - now.microseconds / 2 > silence {
            reset(at: now, into: &events)
        }
        // A deadline saturated at the end of the clock never fires, even at a time that saturated
        // there too: it would be set again where it is, and fired again, for ever.
        while let deadline = root.deadline, deadline <= time, deadline < .distantFuture {
            let firedAt = max(deadline, now)
            now = firedAt
            run(.time(firedAt), into: &events)
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
        run(.cancel(now), into: &events)
        if touches != .none { sequence += 1 }
        touches = .none
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
        while !fingersDown, let deadline = nextDeadline {
            advance(to: deadline, into: &events)
        }
        reset(at: now, into: &events)
    }

    /// Keeps `frame` as the latest, in the buffer that held the one before the latest.
    /// This, `run` and `endSequenceIfSettled` are inlined into `process`: called per frame, each
    /// call cost more than its few instructions.
    @inline(__always)
    private mutating func keep(_ frame: borrowing TouchFrame) {
        latest = 1 - latest
        frames[latest].assign(frame)
    }

    /// Keeps `frame` as the latest and measures how it moved since the one before (nothing
    /// moved when it opens a sequence), as the step that feeds it to the root at `time`.
    ///
    /// The measurement is built where the step is read: `TouchInput.init(_:latest:)` is inlined
    /// into this, its one call, and the step is returned whole, in the caller's memory. Returned
    /// on its own, the measurement was copied into a step, in 16-byte loads of fields just
    /// stored in 8- and 1-byte pieces, which the processor cannot forward from its store buffer
    /// (~5 % of a frame's time in `perf`, twice: out of the measurement's function and into the
    /// step).
    private mutating func measure(_ frame: borrowing TouchFrame, opensSequence: Bool, at time: Instant) -> GestureStep {
        keep(frame)
        if opensSequence { return openingStep(at: time) }
        var input = TouchInput(&frames, latest: latest)
        input.time = time
        return .frame(input)
    }

    /// The latest frame as the first of a sequence, at `time`: nothing moved. Inlined into
    /// `measure` for the reason it is written as it is (called, 1,326 instructions a frame, not 1,295).
    @inline(__always)
    private func openingStep(at time: Instant) -> GestureStep {
        var input = TouchInput(frames[latest])
        input.time = time
        return .frame(input)
    }

    /// One step of the root: what it wrote is stamped, hence published, and the root is told so.
    /// A step that published nothing has nothing to act on (a release writes the held events), so
    /// the tree is walked only when there is.
    @inline(__always)
    private mutating func run(_ step: borrowing GestureStep, into events: inout GestureEventBuffer) {
        let start = events.count
        events.sequence = sequence
        root.step(step, into: &events)
        guard events.count > start else { return }
        events.stamp(from: start, sequence: sequence)
        root.didPublish()
    }

    /// Ends the sequence once every finger is up and no gesture waits for a deadline.
    @inline(__always)
    private mutating func endSequenceIfSettled(at time: Instant, into events: inout GestureEventBuffer) {
        guard touches == .lifted, root.deadline == nil else { return }
        // Every gesture has ended or failed by now: the reset's cancel only speaks if one has not.
        reset(at: time, into: &events)
    }
}
