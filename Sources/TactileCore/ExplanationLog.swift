/// Where one device's explained gestures write their decisions (`Explanation`), handed on to
/// `report` at the end of every step, in the order they were taken.
///
/// A class, held by the device's `Explained` root, which steps its gestures explaining to it
/// (`Explaining`): recognizers reach it only as that argument, and only at a decision, so a
/// gesture set that is not explained carries no log and is compiled without one.
/// Each decision names the `seq` the engine stepping the log stamps on the step's events
/// (`GestureEventBuffer.sequence`): a count of its own drifted from the engine's when a log
/// outlived its engine (a device unplugged and plugged in again) or two engines shared it.
public final class ExplanationLog {
    /// The touch sequence (`seq`) of the step under way, as the engine stepping it says.
    public private(set) var sequence: UInt64 = 1
    /// This step's decisions, not yet reported: a `Labeled` gesture labels its own, and an
    /// arena reads its members' to name the winner.
    private var pending: [Explanation] = []
    /// The acceptances in `pending` an inner arena already judged (its winner and a tie's
    /// loser): an outer arena sees the inner one's verdict instead.
    private var judged: [Int] = []
    /// Verdicts in `pending` that an outer arena's verdict of the same step replaces: an inner
    /// arena where every member rejected says nothing the outer one does not.
    private var superseded: [Int] = []
    private let report: (Explanation) -> Void

    /// A log that hands every decision to `report`.
    public init(report: @escaping (Explanation) -> Void) { self.report = report }

    /// Writes a decision of this sequence.
    func record(_ time: Instant, _ kind: GestureKind?, count: Int = 1, _ reason: Explanation.Reason,
                measured: Double? = nil, limit: Double? = nil, edge: SurfaceEdge? = nil) {
        pending.append(Explanation(time: time, sequence: sequence, kind: kind, count: count, reason: reason,
                                   measured: measured, limit: limit, edge: edge))
    }

    /// Where the decisions a gesture is about to take will start (for `label(from:as:)`).
    var mark: Int { pending.count }

    /// Gives the decisions from `start` on to the declared gesture `label` (the outermost wins).
    func label(from start: Int, as label: UInt16) {
        for index in start..<pending.count { pending[index].label = label }
    }

    /// An arena decided the sequence by `decided` (a first acceptance is a tie when another member
    /// accepted in the same step): its winner is the first unjudged acceptance written in this
    /// step (members step in declaration order, and one that did not accept wrote none), a tie's
    /// loser the next. Those two are judged, and the arena's verdict, naming the winner, takes
    /// their place for an arena above.
    func arenaDecided(_ time: Instant, _ decided: Explanation.Reason) {
        superseded += pending.indices.filter { pending[$0].reason == .allRejected && !superseded.contains($0) }
        guard decided != .allRejected else {
            pending.append(Explanation(time: time, sequence: sequence, kind: nil, reason: decided))
            return
        }
        let accepted = pending.indices.filter { pending[$0].reason.isAcceptance && !judged.contains($0) }
        judged += accepted.prefix(2)
        let reason: Explanation.Reason = decided == .firstToAccept && accepted.count > 1 ? .wonTie : decided
        var verdict = Explanation(time: time, sequence: sequence, kind: nil, reason: reason)
        if let winner = accepted.first {
            verdict.kind = pending[winner].kind
            verdict.count = pending[winner].count
            verdict.label = pending[winner].label
        }
        if reason == .wonTie, accepted.count > 1 {
            verdict.rival = pending[accepted[1]].kind
            verdict.rivalLabel = pending[accepted[1]].label
        }
        // An inner arena already said who won: an outer one that took its winner first adds
        // nothing to that, and one that took it for another reason says so instead.
        if let winner = accepted.first, ExplanationLog.isArenaVerdict(pending[winner].reason) {
            if reason != .firstToAccept { pending[winner] = verdict }
            return
        }
        pending.append(verdict)
    }

    private static func isArenaVerdict(_ reason: Explanation.Reason) -> Bool {
        switch reason {
        case .firstToAccept, .wonTie, .lastStanding, .allRejected: true
        default: false
        }
    }

    /// A step of touch sequence `sequence` is about to reach the gestures.
    func stepping(sequence: UInt64) {
        self.sequence = sequence
    }

    /// The step is over: its decisions are reported.
    func stepped() {
        for (index, explanation) in pending.enumerated() where !superseded.contains(index) { report(explanation) }
        pending.removeAll(keepingCapacity: true)
        superseded.removeAll(keepingCapacity: true)
        judged.removeAll(keepingCapacity: true)
    }
}
