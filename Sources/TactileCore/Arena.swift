/// Rivals for one touch sequence, decided by Flutter's gesture-arena rules: the first to accept
/// wins; when all but one have rejected, the one left standing wins by default; when all reject,
/// the arena fails. Members that accept in the same step tie, and a tie goes to the one declared
/// first: `Arena(a, b, c)` ranks a over b over c, whatever their kinds.
///
/// One arena takes any number of members, so priority is declaration order, never an artefact of
/// nesting. The arena gives each member exactly one verdict per sequence: losers are reset (what
/// a tie's loser wrote in the step it lost is withdrawn before anyone is told of publication) and
/// see no more touches; a member that rejected sits out the rest of the sequence; the winner
/// carries on alone.
///
/// The members are a list built at compile time (`ArenaMember<A, ArenaMember<B, ArenaEnd>>`)
/// rather than a parameter pack: a pack's elements can only be passed by value and stored back,
/// which copies every member each frame and, with a copy still alive, makes a member's storage
/// (a held event list) copy itself on write — an allocation per frame. The list is walked by
/// position and mutated in place.
///
/// A set only known at run time (a configuration's declared gestures) nests two-member arenas,
/// `Arena(a, Arena(b, c))`; that decides exactly as `Arena(a, b, c)`, since an inner arena is
/// undecided until one of its members wins, and the outer one breaks ties in order too.
public struct Arena<Members: ArenaMembers>: Gesture {
    /// The winner's value, in its place in the list.
    public typealias Value = Members.Value

    private enum Mode: Equatable {
        /// No member has won yet; those that rejected (a bit each, by position) sit out.
        case contending(rejected: UInt64)
        /// The member at this position (in declaration order) won; the others were reset.
        case won(Int)
        /// Every member rejected: nothing in this sequence is theirs.
        case failed
    }

    /// The members, in declaration order.
    public private(set) var members: Members
    private var mode = Mode.contending(rejected: 0)
    /// Kept from the last step rather than asked of every member each time it is read: the
    /// engine reads it after every step, and the walk that stepped the members saw it anyway.
    public private(set) var deadline: Instant?

    /// An arena of `members`, ranked in their order.
    public init(members: Members) {
        precondition(Members.count <= UInt64.bitWidth, "an arena holds at most 64 members")
        self.members = members
    }

    public var value: Value? {
        guard case .won(let winner) = mode else { return nil }
        return members.value(of: winner, at: 0)
    }

    @inline(__always)
    public var decision: Decision {
        switch mode {
        case .contending: return .undecided
        case .won(let winner): return members.decision(of: winner, at: 0)
        case .failed: return .rejected
        }
    }

    @inline(__always)
    public var isFinished: Bool {
        guard case .won(let winner) = mode else { return false }
        return members.isFinished(winner, at: 0)
    }

    /// Only the winner publishes.
    public var milestoneLimit: Int { members.milestoneLimit }

    public mutating func step<E: Explaining>(_ step: borrowing GestureStep, into events: inout GestureEventBuffer,
                                             explaining: E) {
        switch mode {
        case .contending(let rejected):
            switch step.kind {
            case .frame, .time:
                var tally = ArenaTally(rejected: rejected)
                members.contend(step, at: 0, &tally, &events, explaining: explaining)
                judge(tally, at: step.time, &events, explaining: explaining)
            case .finish:
                return
            case .cancel:
                reset()  // a member publishes only after it won: nothing is in flight
            }
        case .won(let winner):
            deadline = members.step(step, member: winner, at: 0, into: &events, explaining: explaining)
            if step.isCancel {
                members.reset(sparing: winner, at: 0)
                mode = .contending(rejected: 0)
            }
        case .failed:
            if step.isCancel { reset() }
        }
    }

    /// Applies the arena rules to the verdicts of a contended step.
    @inline(__always)
    private mutating func judge<E: Explaining>(_ tally: ArenaTally, at time: Instant,
                                               _ events: inout GestureEventBuffer, explaining: E) {
        let winner: Int
        if let first = tally.firstAccepted {
            events.truncate(to: tally.firstAcceptedEnd)
            winner = first
            deadline = tally.firstAcceptedDeadline
            if let log = explaining.log { log.arenaDecided(time, .firstToAccept) }
        } else if tally.undecided == 1 {
            winner = tally.lastUndecided
            deadline = tally.lastUndecidedDeadline
            if let log = explaining.log { log.arenaDecided(time, .lastStanding) }
        } else if tally.undecided == 0 {
            mode = .failed
            deadline = nil  // a rejected member has none
            if let log = explaining.log { log.arenaDecided(time, .allRejected) }
            return
        } else {
            mode = .contending(rejected: tally.rejected)
            deadline = tally.deadline
            return
        }
        members.reset(sparing: winner, at: 0)
        mode = .won(winner)
    }

    /// The winner's: only it can have written anything (a tie's losers' events are withdrawn, and
    /// the members before it in the step wrote nothing, as none had accepted).
    public func phases(of events: borrowing GestureEventBuffer, from start: Int) -> PhaseSet {
        guard case .won(let winner) = mode else { return PhaseSet(events, from: start) }
        return members.phases(of: winner, at: 0, events, from: start)
    }

    /// Only the winner can have written anything.
    public mutating func didPublish() {
        guard case .won(let winner) = mode else { return }
        members.didPublish(winner, at: 0)
    }

    public mutating func reset() {
        members.reset(sparing: nil, at: 0)
        mode = .contending(rejected: 0)
        deadline = nil
    }
}

extension Arena {
    /// Two rivals; `a` wins a tie.
    public init<A, B>(_ a: A, _ b: B) where Members == ArenaMember<A, ArenaMember<B, ArenaEnd>> {
        self.init(members: ArenaMember(a, ArenaMember(b, ArenaEnd())))
    }

    /// Three rivals, ranked in order.
    public init<A, B, C>(_ a: A, _ b: B, _ c: C)
    where Members == ArenaMember<A, ArenaMember<B, ArenaMember<C, ArenaEnd>>> {
        self.init(members: ArenaMember(a, ArenaMember(b, ArenaMember(c, ArenaEnd()))))
    }

    /// Four rivals, ranked in order.
    public init<A, B, C, D>(_ a: A, _ b: B, _ c: C, _ d: D)
    where Members == ArenaMember<A, ArenaMember<B, ArenaMember<C, ArenaMember<D, ArenaEnd>>>> {
        self.init(members: ArenaMember(a, ArenaMember(b, ArenaMember(c, ArenaMember(d, ArenaEnd())))))
    }
}

/// The verdicts of one contended step of an arena.
public struct ArenaTally {
    /// Members that rejected, a bit each by position: they are not stepped.
    var rejected: UInt64
    /// The first member (in declaration order) that accepted in this step.
    var firstAccepted: Int?
    /// Where the first acceptor's events end: what follows is a tie's losers', withdrawn.
    var firstAcceptedEnd = 0
    /// Members neither accepted nor rejected after the step, and the last of them.
    var undecided = 0
    var lastUndecided = 0
    /// The earliest deadline of the members stepped, and the deadlines of the two candidates.
    var deadline: Instant?
    var firstAcceptedDeadline: Instant?
    var lastUndecidedDeadline: Instant?
}
