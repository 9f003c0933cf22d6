import TactileCore

/// What the instrumented modifiers (`Recorded`) acted on, checked by `CheckedEngine` against the
/// events the engine published in the same call:
/// - a modifier acts only on what was published: every (kind, phase) a recorder reports was
///   published in that call;
/// - when every recognizer of the tree is wrapped (`coversEveryRecognizer`), the recognizers'
///   recorders report exactly the published `began`, `ended` and `cancelled` (as a multiset) and
///   the kinds of the published `changed` (a held `changed` may be superseded, never a milestone);
/// - each recognizer's own milestones form one life per sequence: a `began`, then exactly one
///   `ended` or `cancelled` (a tap: a lone `ended`), and none is in flight after a reset;
/// - after a reset nothing is left unpublished in any recorder.
final class PublicationLog {
    /// One event as a recorder reported it: who, and what.
    struct Report: Hashable {
        var kind: GestureKind
        var phase: GesturePhase
        var fingers: Int
    }

    /// Whether every recognizer in the tree reports here (the built-in sets do not).
    var coversEveryRecognizer = false
    /// What recognizers' recorders reported since the last check, in order.
    private(set) var recognizerReports: [Report] = []
    /// What every recorder (recognizers' and composites') reported since the last check.
    private(set) var allReports: [Report] = []
    /// The recognizers whose gesture began in this sequence and has not ended, by recorder id.
    private var open: Set<Int> = []
    /// Events each recorder saw and has not yet acted on, by recorder id.
    private var unpublished: [Int: Int] = [:]
    private var nextID = 0

    func register() -> Int {
        defer { nextID += 1 }
        return nextID
    }

    /// `id` acted on `events` (`isRecognizer`: it wraps a recognizer directly).
    func report(_ events: [GestureEvent], by id: Int, isRecognizer: Bool) {
        for event in events {
            let report = Report(kind: event.kind, phase: event.phase, fingers: event.fingers)
            allReports.append(report)
            guard isRecognizer else { continue }
            recognizerReports.append(report)
            let what = "recognizer \(id): \(event.kind.rawValue) \(event.phase.rawValue)"
            switch (event.kind, event.phase) {
            case (.tap, .ended):
                break
            case (.tap, _):
                invariant(false, "\(what): a tap is a single ended")
            case (_, .began):
                invariant(!open.contains(id), "\(what) while its gesture was already in flight")
                open.insert(id)
            case (_, .changed):
                invariant(open.contains(id), "\(what) with no gesture of its own in flight")
            case (_, .ended), (_, .cancelled):
                invariant(open.remove(id) != nil, "\(what) with no gesture of its own in flight")
            }
        }
    }

    func setUnpublished(_ count: Int, for id: Int) { unpublished[id] = count }

    /// Compares what was reported since the last check with what the engine published.
    func check(published events: borrowing GestureEventBuffer, in step: () -> String) {
        guard !events.isEmpty || !allReports.isEmpty else { return }  // most steps publish nothing
        var published: [Report] = []
        for index in 0..<events.count {
            let event = events[index]
            published.append(Report(kind: event.kind, phase: event.phase, fingers: event.fingers))
        }
        let publishedPhases = Set(published.map { Phase(kind: $0.kind, phase: $0.phase) })
        for report in allReports {
            invariant(publishedPhases.contains(Phase(kind: report.kind, phase: report.phase)),
                      "\(step()): a modifier acted on \(report.kind.rawValue) \(report.phase.rawValue), which was not published")
        }
        if coversEveryRecognizer {
            let reported = milestones(recognizerReports)
            let expected = milestones(published)
            invariant(reported == expected,
                      "\(step()): the recognizers' modifiers acted on \(reported), but \(expected) was published")
            let reportedChanges = Set(recognizerReports.filter { $0.phase == .changed }.map(\.kind))
            let publishedChanges = Set(published.filter { $0.phase == .changed }.map(\.kind))
            invariant(reportedChanges == publishedChanges,
                      "\(step()): the recognizers' modifiers acted on changes of \(reportedChanges), but \(publishedChanges) was published")
        }
        recognizerReports.removeAll(keepingCapacity: true)
        allReports.removeAll(keepingCapacity: true)
    }

    /// After a reset nothing may wait for publication.
    func checkNothingUnpublished(_ step: () -> String) {
        let waiting = unpublished.filter { $0.value > 0 }
        invariant(waiting.isEmpty, "\(step()): recorders \(waiting.keys.sorted()) still hold unpublished events")
        invariant(open.isEmpty, "\(step()): recognizers \(open.sorted()) still in flight")
    }

    private struct Phase: Hashable {
        var kind: GestureKind
        var phase: GesturePhase
    }

    /// The `began`, `ended` and `cancelled` of `reports`, counted.
    private func milestones(_ reports: [Report]) -> [Report: Int] {
        var counts: [Report: Int] = [:]
        for report in reports where report.phase != .changed { counts[report, default: 0] += 1 }
        return counts
    }
}

/// A modifier that records the events its base wrote and reports them to a `PublicationLog`
/// when it acts, i.e. when they are published: the fuzz target's stand-in for `onChanged`,
/// `onEnded` and `updating`, which act at the same moment through the same plumbing.
struct Recorded<Base: Gesture>: GestureModifier {
    var base: Base
    var unpublished: PhaseSet = []
    let log: PublicationLog
    let id: Int
    let isRecognizer: Bool
    private var seen: [GestureEvent] = []

    init(_ base: Base, log: PublicationLog, isRecognizer: Bool) {
        self.base = base
        self.log = log
        self.isRecognizer = isRecognizer
        id = log.register()
    }

    var value: Base.Value? { base.value }

    mutating func observe(_ events: borrowing GestureEventBuffer, from start: Int) {
        guard start < events.count else { return }
        unpublished.formUnion(PhaseSet(events, from: start))
        for index in start..<events.count { seen.append(events[index]) }
        log.setUnpublished(seen.count, for: id)
    }

    mutating func apply(_ published: PhaseSet) {
        log.report(seen, by: id, isRecognizer: isRecognizer)
        didReset()
    }

    mutating func didReset() {
        guard !seen.isEmpty else { return }
        seen.removeAll()
        log.setUnpublished(0, for: id)
    }
}
