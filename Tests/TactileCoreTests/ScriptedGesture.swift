import TactileCore

/// Records what the composites did to scripted gestures, across value copies.
final class Journal {
    var entries: [String] = []
}

/// A test double whose decision follows a script: it accepts (writing `began` as kind `.hold`
/// with `fingers` = its tag) or rejects on the n-th frame it sees, may hold a deadline, and
/// writes `ended` on lift once accepted. Every reset is written to the journal.
struct ScriptedGesture: Recognizer {
    enum Plan {
        case acceptOnFrame(Int)
        case rejectOnFrame(Int)
        /// Rejects when its deadline (first frame + `milliseconds`) passes.
        case rejectAtDeadline(Double)
        case undecidedForever
    }

    let tag: Int
    let plan: Plan
    let journal: Journal
    private var framesSeen = 0
    private var started: Instant?
    private(set) var decision = Decision.undecided
    private(set) var isFinished = false

    init(_ tag: Int, _ plan: Plan, journal: Journal) {
        self.tag = tag
        self.plan = plan
        self.journal = journal
    }

    var value: Int? { decision == .accepted ? tag : nil }

    var deadline: Instant? {
        guard case .rejectAtDeadline(let ms) = plan, decision == .undecided, let started else { return nil }
        return started + Interval(microseconds: Int64(ms * 1000))
    }

    mutating func update<E: Explaining>(_ input: TouchInput, into events: inout GestureEventBuffer, explaining: E) {
        guard decision != .rejected, !isFinished else { return }
        framesSeen += 1
        if started == nil { started = input.time }
        if decision == .accepted {
            if input.allLifted { write(.ended, at: input.time, into: &events); isFinished = true }
            return
        }
        switch plan {
        case .acceptOnFrame(let n) where n == framesSeen:
            decision = .accepted
            write(.began, at: input.time, into: &events)
        case .rejectOnFrame(let n) where n == framesSeen:
            decision = .rejected
        case .acceptOnFrame, .rejectOnFrame, .rejectAtDeadline, .undecidedForever:
            break
        }
    }

    mutating func advance<E: Explaining>(to time: Instant, into events: inout GestureEventBuffer, explaining: E) {
        if let deadline, time >= deadline { decision = .rejected }
    }

    mutating func finish(at time: Instant, into events: inout GestureEventBuffer) {
        guard decision == .accepted, !isFinished else { return }
        write(.ended, at: time, into: &events)
        isFinished = true
    }

    mutating func cancel(at time: Instant, into events: inout GestureEventBuffer) {
        if decision == .accepted, !isFinished { write(.cancelled, at: time, into: &events) }
        reset()
    }

    /// The tap count a scripted gesture's events carry, which no tap has: `summary` names them
    /// "scripted".
    static let marker = -1

    mutating func reset() {
        journal.entries.append("reset \(tag)")
        framesSeen = 0
        started = nil
        decision = .undecided
        isFinished = false
    }

    private func write(_ phase: GesturePhase, at time: Instant, into events: inout GestureEventBuffer) {
        events.append(GestureEvent(time: time, phase: phase, fingers: tag, location: .zero,
                                   payload: .tap(count: ScriptedGesture.marker)))
    }
}
