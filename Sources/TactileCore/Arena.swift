/// Two rivals for one touch sequence, decided by Flutter's gesture-arena rules: the first to
/// accept wins; when one rejects, the other is the last one standing and wins by default;
/// on a tie, `First` wins. Nest arenas for more members: `Arena(a, Arena(b, c))`.
///
/// The arena gives each member exactly one verdict per sequence: the loser is reset (what it
/// wrote in the step it lost is withdrawn) and sees no more touches; the winner carries on alone.
public struct Arena<First: Gesture, Second: Gesture>: Gesture {
    public enum Value {
        case first(First.Value)
        case second(Second.Value)
    }

    private enum Mode {
        /// Both members see touches; neither has won.
        case contending
        /// `First` won; `Second` was reset.
        case first
        /// `Second` won; `First` was reset.
        case second
        /// Both rejected: nothing in this sequence is theirs.
        case failed
    }

    public private(set) var first: First
    public private(set) var second: Second
    private var mode = Mode.contending

    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    public var value: Value? {
        switch mode {
        case .contending, .failed: return nil
        case .first: return first.value.map(Value.first)
        case .second: return second.value.map(Value.second)
        }
    }

    public var deadline: Instant? {
        switch mode {
        case .contending: return earliest(first.deadline, second.deadline)
        case .first: return first.deadline
        case .second: return second.deadline
        case .failed: return nil
        }
    }

    public var decision: Decision {
        switch mode {
        case .contending: return .undecided
        case .first: return first.decision
        case .second: return second.decision
        case .failed: return .rejected
        }
    }

    public var isFinished: Bool {
        switch mode {
        case .contending, .failed: return false
        case .first: return first.isFinished
        case .second: return second.isFinished
        }
    }

    public mutating func update(_ input: TouchInput, into events: inout GestureEventBuffer) {
        switch mode {
        case .contending:
            first.update(input, into: &events)
            let secondStart = events.count
            second.update(input, into: &events)
            judge(withdrawingSecondFrom: secondStart, in: &events)
        case .first:
            first.update(input, into: &events)
        case .second:
            second.update(input, into: &events)
        case .failed:
            return
        }
    }

    public mutating func advance(to time: Instant, into events: inout GestureEventBuffer) {
        switch mode {
        case .contending:
            first.advance(to: time, into: &events)
            let secondStart = events.count
            second.advance(to: time, into: &events)
            judge(withdrawingSecondFrom: secondStart, in: &events)
        case .first:
            first.advance(to: time, into: &events)
        case .second:
            second.advance(to: time, into: &events)
        case .failed:
            return
        }
    }

    /// Applies the arena rules to the members' decisions after a step.
    private mutating func judge(withdrawingSecondFrom secondStart: Int, in events: inout GestureEventBuffer) {
        switch (first.decision, second.decision) {
        case (.accepted, _), (.undecided, .rejected):
            events.truncate(to: secondStart)
            second.reset()
            mode = .first
        case (_, .accepted), (.rejected, .undecided):
            first.reset()
            mode = .second
        case (.rejected, .rejected):
            mode = .failed
        case (.undecided, .undecided):
            return
        }
    }

    public mutating func finish(at time: Instant, into events: inout GestureEventBuffer) {
        switch mode {
        case .contending, .failed: return
        case .first: first.finish(at: time, into: &events)
        case .second: second.finish(at: time, into: &events)
        }
    }

    public mutating func cancel(at time: Instant, into events: inout GestureEventBuffer) {
        switch mode {
        case .contending, .failed:  // a member publishes only after it won
            first.reset()
            second.reset()
        case .first:
            first.cancel(at: time, into: &events)
            second.reset()
        case .second:
            second.cancel(at: time, into: &events)
            first.reset()
        }
        mode = .contending
    }

    public mutating func reset() {
        first.reset()
        second.reset()
        mode = .contending
    }
}
