// The walks a frame takes (`contend`, `step(_:member:at:into:)`) are inlined whole: called, each
// level of the list cost a call's saved registers and its tally read back from memory, 134
// instructions a frame in all.
/// The members of an `Arena`, a list fixed at compile time: `ArenaMember<A, ArenaMember<B, ArenaEnd>>`.
///
/// Each operation names a member by its position in declaration order; `position` is where this
/// part of the list starts. The list is walked by recursion.
public protocol ArenaMembers {
    /// The value of whichever member won, in its place in the list.
    associatedtype Value
    /// How many members there are.
    static var count: Int { get }

    /// The value of the member at `member`.
    func value(of member: Int, at position: Int) -> Value?
    /// The decision of the member at `member`.
    func decision(of member: Int, at position: Int) -> Decision
    /// Whether the member at `member` has published its last event.
    func isFinished(_ member: Int, at position: Int) -> Bool
    /// The most milestones any one member writes.
    var milestoneLimit: Int { get }

    /// Steps every member still in the arena (not in `tally.rejected`), tallying their verdicts
    /// and deadlines: one walk does both, as the arena keeps its deadline rather than asking again.
    mutating func contend<E: Explaining>(_ step: borrowing GestureStep, at position: Int, _ tally: inout ArenaTally,
                                         _ events: inout GestureEventBuffer, explaining: E)
    /// Steps the member at `member` only, and returns its deadline after the step.
    mutating func step<E: Explaining>(_ step: borrowing GestureStep, member: Int, at position: Int,
                                      into events: inout GestureEventBuffer, explaining: E) -> Instant?
    /// Resets every member but the one at `sparing`.
    mutating func reset(sparing: Int?, at position: Int)
    /// Tells the member at `member` that what it wrote was published.
    mutating func didPublish(_ member: Int, at position: Int)
    /// What the member's last step meant for it (its `phases(of:from:)`).
    func phases(of member: Int, at position: Int, _ events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet
}

/// One member of an arena and the ones declared after it.
public struct ArenaMember<Head: Gesture, Rest: ArenaMembers>: ArenaMembers {
    /// The winner's value: this member's, or one of the rest's.
    public enum Value {
        /// The head of the list won.
        case this(Head.Value)
        /// A member further down the list won.
        case later(Rest.Value)
    }

    /// The member at this position.
    public private(set) var head: Head
    /// The members after it.
    public private(set) var rest: Rest

    /// `head`, ranked before the members of `rest`.
    public init(_ head: Head, _ rest: Rest) {
        self.head = head
        self.rest = rest
    }

    public func value(of member: Int, at position: Int) -> Value? {
        member == position ? head.value.map(Value.this) : rest.value(of: member, at: position + 1).map(Value.later)
    }

    @inline(__always)
    public func decision(of member: Int, at position: Int) -> Decision {
        member == position ? head.decision : rest.decision(of: member, at: position + 1)
    }

    @inline(__always)
    public func isFinished(_ member: Int, at position: Int) -> Bool {
        member == position ? head.isFinished : rest.isFinished(member, at: position + 1)
    }

    public static var count: Int { 1 + Rest.count }

    public var milestoneLimit: Int { max(head.milestoneLimit, rest.milestoneLimit) }

    @inline(__always)
    public mutating func contend<E: Explaining>(_ step: borrowing GestureStep, at position: Int,
                                                _ tally: inout ArenaTally, _ events: inout GestureEventBuffer,
                                                explaining: E) {
        let bit: UInt64 = 1 << UInt64(position)
        if tally.rejected & bit == 0 {  // a member that rejected left the arena
            head.step(step, into: &events, explaining: explaining)
            let deadline = head.deadline
            tally.deadline = earliest(tally.deadline, deadline)
            switch head.decision {
            case .accepted where tally.firstAccepted == nil:
                tally.firstAccepted = position
                tally.firstAcceptedEnd = events.count
                tally.firstAcceptedDeadline = deadline
            case .accepted:
                break
            case .rejected:
                tally.rejected |= bit
            case .undecided:
                tally.undecided += 1
                tally.lastUndecided = position
                tally.lastUndecidedDeadline = deadline
            }
        }
        rest.contend(step, at: position + 1, &tally, &events, explaining: explaining)
    }

    @inline(__always)
    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, member: Int, at position: Int,
                                             into events: inout GestureEventBuffer, explaining: E) -> Instant? {
        guard member == position else {
            return rest.step(step, member: member, at: position + 1, into: &events, explaining: explaining)
        }
        head.step(step, into: &events, explaining: explaining)
        return head.deadline
    }

    public mutating func reset(sparing: Int?, at position: Int) {
        if sparing != position { head.reset() }
        rest.reset(sparing: sparing, at: position + 1)
    }

    public func phases(of member: Int, at position: Int, _ events: borrowing GestureEventBuffer,
                       from start: Int) -> PhaseSet {
        guard member == position else { return rest.phases(of: member, at: position + 1, events, from: start) }
        return head.phases(of: events, from: start)
    }

    public mutating func didPublish(_ member: Int, at position: Int) {
        if member == position {
            head.didPublish()
        } else {
            rest.didPublish(member, at: position + 1)
        }
    }
}

/// The end of an arena's member list.
public struct ArenaEnd: ArenaMembers {
    /// No member, so no value.
    public typealias Value = Never

    /// The end of the list.
    public init() {}

    public func value(of member: Int, at position: Int) -> Never? { nil }
    @inline(__always)
    public func decision(of member: Int, at position: Int) -> Decision { .rejected }
    @inline(__always)
    public func isFinished(_ member: Int, at position: Int) -> Bool { false }
    public static var count: Int { 0 }
    public var milestoneLimit: Int { 0 }
    public mutating func contend<E: Explaining>(_ step: borrowing GestureStep, at position: Int,
                                                _ tally: inout ArenaTally, _ events: inout GestureEventBuffer,
                                                explaining: E) {}
    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, member: Int, at position: Int,
                                             into events: inout GestureEventBuffer, explaining: E) -> Instant? { nil }
    public mutating func reset(sparing: Int?, at position: Int) {}
    public mutating func didPublish(_ member: Int, at position: Int) {}
    public func phases(of member: Int, at position: Int, _ events: borrowing GestureEventBuffer,
                       from start: Int) -> PhaseSet { [] }
}
