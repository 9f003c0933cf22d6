import Testing
import TactileCore

/// An explanation names the `seq` its engine stamps on the step's events, whichever engine
/// steps its log: `--explain` gave one log to every device of a name, kept across unplugging.
@Suite("Explanations' sequence numbers")
struct ExplanationSequenceTests {
    /// `count` taps a second apart, each confirmed when its double-tap window closes.
    static func taps(_ count: Int) -> [Row] {
        (0..<count).flatMap { index -> [Row] in
            let start = Double(index) * 1000
            return [touch(start, (10, 10)), lift(start + 80), wait(until: start + 500)]
        }
    }

    @Test("a log a second engine steps after a first (two devices of one name, or one plugged in again) names the second's seq")
    func logNamesTheSteppingEnginesSequence() {
        var sequences: [UInt64] = []
        let log = ExplanationLog { sequences.append($0.sequence) }
        var first = Engine(Explained(DefaultGestures.make(), log: log))
        #expect(eventsOf(&first, Self.taps(3)).last == "2380.0ms #3 tap.ended f1 x1")
        sequences.removeAll()
        var second = Engine(Explained(DefaultGestures.make(), log: log))
        #expect(eventsOf(&second, Self.taps(1)) == ["380.0ms #1 tap.ended f1 x1"])
        #expect(!sequences.isEmpty)
        #expect(sequences.allSatisfy { $0 == 1 }, "\(sequences)")
    }

    @Test("a finger joining a drag 80 ms after the last landing is explained by the landing's 100 ms, and the drag of four by its fingers moving together")
    func fingerJoinedIsExplained() {
        var explanations: [Explanation] = []
        let log = ExplanationLog { explanations.append($0) }
        var engine = Engine(Explained(DefaultGestures.make(), log: log))
        _ = eventsOf(&engine, MovingTogetherTests.threeFingersThenAFourth(landingAt: 80))
        let drag = explanations.filter { $0.kind == .drag }
        let joined = drag.first { $0.reason == .fingerJoined }
        #expect(joined?.time == instant(80) && joined?.measured == 80 && joined?.limit == 100, "\(drag)")
        #expect(joined?.unit == .milliseconds && joined?.key == nil)
        let together = drag.filter { $0.reason == .movedTogether }.map(\.time)
        #expect(together == [instant(20), instant(110)], "\(drag)")
    }
}
