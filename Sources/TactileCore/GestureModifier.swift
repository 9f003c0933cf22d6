/// A gesture that wraps another and watches what it writes: the shared plumbing of
/// `onChanged`, `onEnded`, `updating` and `map`.
public protocol GestureModifier: Gesture {
    associatedtype Base: Gesture
    var base: Base { get set }
    /// Called after every step of `base` with the events it wrote from `start` on.
    mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int)
    /// Called when `base` returns to its initial state.
    mutating func didReset()
}

extension GestureModifier {
    public var deadline: Instant? { base.deadline }
    public var decision: Decision { base.decision }
    public var isFinished: Bool { base.isFinished }

    public mutating func update(_ input: TouchInput, into events: inout GestureEventBuffer) {
        let start = events.count
        base.update(input, into: &events)
        observe(events, from: start)
    }

    public mutating func advance(to time: Instant, into events: inout GestureEventBuffer) {
        let start = events.count
        base.advance(to: time, into: &events)
        observe(events, from: start)
    }

    public mutating func finish(at time: Instant, into events: inout GestureEventBuffer) {
        let start = events.count
        base.finish(at: time, into: &events)
        observe(events, from: start)
    }

    public mutating func cancel(at time: Instant, into events: inout GestureEventBuffer) {
        base.cancel(at: time, into: &events)
        didReset()
    }

    public mutating func reset() {
        base.reset()
        didReset()
    }

    public mutating func didReset() {}
}

extension GestureEventBuffer {
    /// Whether an event from `start` on has one of these phases.
    func contains(from start: Int, phase matches: (GesturePhase) -> Bool) -> Bool {
        var index = start
        while index < count {
            if matches(self[index].phase) { return true }
            index += 1
        }
        return false
    }
}
