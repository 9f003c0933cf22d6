import Testing
import TactileCore

/// Arena, exclusive, sequenced and simultaneous composition, each decided by scripted members.
@Suite("Composition")
struct CompositionTests {
    let journal = Journal()

    func scripted(_ tag: Int, _ plan: ScriptedGesture.Plan) -> ScriptedGesture {
        ScriptedGesture(tag, plan, journal: journal)
    }

    // MARK: Arena

    @Test("arena: the first to accept wins and the loser is reset exactly once")
    func arenaFirstToAccept() {
        var engine = Engine(Arena(scripted(1, .acceptOnFrame(3)), scripted(2, .acceptOnFrame(2))))
        #expect(play(&engine, [
            touch(0, (1, 1)),
            touch(10, (1, 1), expect: ["10.0ms #1 scripted.began f2"]),
            touch(20, (1, 1), expect: []),
            lift(30, expect: ["30.0ms #1 scripted.ended f2"]),
        ]) == nil)
        // Member 1 lost at 10 ms; the end of the sequence at 30 ms returns both to their
        // initial state once more, ready for the next sequence.
        #expect(journal.entries == ["reset 1", "reset 2", "reset 1"])
    }

    @Test("arena: on a tie the first member wins, and what the second wrote is withdrawn")
    func arenaTie() {
        var engine = Engine(Arena(scripted(1, .acceptOnFrame(2)), scripted(2, .acceptOnFrame(2))))
        #expect(play(&engine, [
            touch(0, (1, 1)),
            touch(10, (1, 1), expect: ["10.0ms #1 scripted.began f1"]),
            lift(20, expect: ["20.0ms #1 scripted.ended f1"]),
        ]) == nil)
    }

    @Test("arena: the last member not to reject wins by default and may accept later")
    func arenaLastStanding() {
        var engine = Engine(Arena(scripted(1, .rejectOnFrame(1)), scripted(2, .acceptOnFrame(3))))
        #expect(play(&engine, [
            touch(0, (1, 1)),
            touch(10, (1, 1)),
            touch(20, (1, 1), expect: ["20.0ms #1 scripted.began f2"]),
        ]) == nil)
        #expect(journal.entries == ["reset 1"])
    }

    @Test("arena: a member may hold the arena until its deadline, then the other wins")
    func arenaHeldByDeadline() {
        var engine = Engine(Arena(scripted(1, .rejectAtDeadline(300)), scripted(2, .undecidedForever)))
        #expect(play(&engine, [
            touch(0, (1, 1), deadline: true),
            lift(50, deadline: true),
            wait(until: 300, deadline: false),
        ]) == nil)
        #expect(journal.entries.first == "reset 1")
    }

    @Test("arena: when every member rejects, the sequence is over and nothing is written")
    func arenaAllReject() {
        var engine = Engine(Arena(scripted(1, .rejectOnFrame(1)), scripted(2, .rejectOnFrame(2))))
        #expect(play(&engine, [touch(0, (1, 1)), touch(10, (1, 1)), lift(20, deadline: false)]) == nil)
        #expect(engine.sequence == 2)
    }

    @Test("arena of three: a tie goes to declaration order, whatever the nesting would have been",
          arguments: [
              // (plans of members 1, 2, 3; the member whose began is published)
              (ScriptedGesture.Plan.acceptOnFrame(2), ScriptedGesture.Plan.acceptOnFrame(2), ScriptedGesture.Plan.acceptOnFrame(2), 1),
              (.undecidedForever, .acceptOnFrame(2), .acceptOnFrame(2), 2),
              (.rejectOnFrame(1), .undecidedForever, .acceptOnFrame(2), 3),
              (.acceptOnFrame(3), .acceptOnFrame(2), .acceptOnFrame(2), 2),
          ])
    func arenaOfThreeTies(_ a: ScriptedGesture.Plan, _ b: ScriptedGesture.Plan, _ c: ScriptedGesture.Plan, _ winner: Int) {
        var engine = Engine(Arena(scripted(1, a), scripted(2, b), scripted(3, c)))
        #expect(play(&engine, [
            touch(0, (1, 1)),
            touch(10, (1, 1), expect: ["10.0ms #1 scripted.began f\(winner)"]),
            lift(20, expect: ["20.0ms #1 scripted.ended f\(winner)"]),
        ]) == nil)
    }

    @Test("arena of three: the last member not to reject wins by default; the rejected sit out")
    func arenaOfThreeLastStanding() {
        var engine = Engine(Arena(scripted(1, .rejectOnFrame(1)), scripted(2, .rejectOnFrame(2)),
                                  scripted(3, .acceptOnFrame(4))))
        #expect(play(&engine, [
            touch(0, (1, 1)),
            touch(10, (1, 1)),  // 2 rejects: 3 is the last standing and wins, undecided
            touch(20, (1, 1)),
            touch(30, (1, 1), expect: ["30.0ms #1 scripted.began f3"]),
        ]) == nil)
        // Both losers were reset once, when 3 won; neither was stepped after rejecting.
        #expect(journal.entries == ["reset 1", "reset 2"])
    }

    @Test("arena: nesting two-member arenas decides exactly as one arena of three",
          arguments: [
              (ScriptedGesture.Plan.acceptOnFrame(2), ScriptedGesture.Plan.acceptOnFrame(2), ScriptedGesture.Plan.acceptOnFrame(2)),
              (.undecidedForever, .acceptOnFrame(3), .acceptOnFrame(2)),
              (.rejectOnFrame(1), .rejectOnFrame(2), .acceptOnFrame(3)),
              (.rejectAtDeadline(30), .undecidedForever, .acceptOnFrame(4)),
              (.acceptOnFrame(3), .rejectOnFrame(1), .undecidedForever),
              (.rejectOnFrame(2), .rejectOnFrame(2), .rejectOnFrame(2)),
          ])
    func nestedArenaIsFlat(_ a: ScriptedGesture.Plan, _ b: ScriptedGesture.Plan, _ c: ScriptedGesture.Plan) {
        let rows = [touch(0, (1, 1)), touch(10, (1, 1)), touch(20, (1, 1)), touch(30, (1, 1)), touch(40, (1, 1)),
                    lift(50), wait(until: 100)]
        var flat = Engine(Arena(scripted(1, a), scripted(2, b), scripted(3, c)))
        var nested = Engine(Arena(scripted(1, a), Arena(scripted(2, b), scripted(3, c))))
        let expected = eventsOf(&flat, rows)
        #expect(eventsOf(&nested, rows) == expected)
        #expect(expected.count <= 2)
    }

    // MARK: Exclusive

    @Test("exclusive: the first has priority; the second's success is held until the first fails")
    func exclusiveReleasesSecond() {
        var engine = Engine(Exclusive(scripted(1, .rejectAtDeadline(300)), scripted(2, .acceptOnFrame(1))))
        #expect(play(&engine, [
            touch(0, (1, 1), expect: []),
            lift(50, expect: []),
            wait(until: 300, expect: ["300.0ms #1 scripted.began f2", "300.0ms #1 scripted.ended f2"]),
        ]) == nil)
    }

    @Test("exclusive: when the first succeeds, the second's held output is dropped and it is reset")
    func exclusiveDropsSecond() {
        var engine = Engine(Exclusive(scripted(1, .acceptOnFrame(2)), scripted(2, .acceptOnFrame(1))))
        #expect(play(&engine, [
            touch(0, (1, 1), expect: []),
            touch(10, (1, 1), expect: ["10.0ms #1 scripted.began f1"]),
            lift(20, expect: ["20.0ms #1 scripted.ended f1"]),
        ]) == nil)
        #expect(journal.entries.first == "reset 2")
    }

    // MARK: Sequenced

    @Test("sequenced: the second sees touches only after the first accepted, and finishes it")
    func sequencedHandsOver() {
        var engine = Engine(Sequenced(scripted(1, .acceptOnFrame(2)), scripted(2, .acceptOnFrame(2))))
        #expect(play(&engine, [
            touch(0, (1, 1)),
            touch(10, (1, 1), expect: ["10.0ms #1 scripted.began f1"]),
            // The second's first two: where the fingers were when the first accepted, then this one.
            touch(20, (1, 1), expect: ["20.0ms #1 scripted.began f2", "20.0ms #1 scripted.ended f1"]),
            touch(30, (1, 1), expect: []),
            lift(40, expect: ["40.0ms #1 scripted.ended f2"]),
        ]) == nil)
    }

    @Test("sequenced: if the first fails, the second never starts")
    func sequencedFirstFails() {
        var engine = Engine(Sequenced(scripted(1, .rejectOnFrame(1)), scripted(2, .acceptOnFrame(1))))
        #expect(play(&engine, [touch(0, (1, 1)), touch(10, (1, 1)), lift(20, deadline: false)]) == nil)
        #expect(engine.sequence == 2)
    }

    @Test("sequenced: long-press then drag — ticks, then the drag takes over and the press ends")
    func longPressThenDrag() {
        var engine = Engine(LongPressGesture().sequenced(before: DragGesture()))
        let events = eventsOf(&engine, [touch(0, (10, 10)), wait(until: 650)]
                                  + path(from: 660, to: 760, [(10, 10)], [(10, 40)]) + [lift(770)])
        #expect(Array(events.prefix(3)) == [
            "500.0ms #1 long-press.began f1 tick0 500.0ms",
            "600.0ms #1 long-press.changed f1 tick1 600.0ms",
            "680.0ms #1 drag.began f1",
        ])
        #expect(events[3] == "680.0ms #1 long-press.ended f1 tick1 680.0ms")
        #expect(events.last == "770.0ms #1 drag.ended f1 down")
    }

    // MARK: Simultaneous

    @Test("simultaneous: both recognize and both publish")
    func simultaneousBoth() {
        var engine = Engine(Simultaneous(scripted(1, .acceptOnFrame(1)), scripted(2, .acceptOnFrame(2))))
        #expect(play(&engine, [
            touch(0, (1, 1), expect: ["0.0ms #1 scripted.began f1"]),
            touch(10, (1, 1), expect: ["10.0ms #1 scripted.began f2"]),
            lift(20, expect: ["20.0ms #1 scripted.ended f1", "20.0ms #1 scripted.ended f2"], deadline: false),
        ]) == nil)
    }

    @Test("simultaneous: rejected only when both rejected")
    func simultaneousRejection() {
        var gesture = Simultaneous(scripted(1, .rejectOnFrame(1)), scripted(2, .rejectOnFrame(2)))
        var events = GestureEventBuffer()
        let frame = TouchFrame(time: instant(0), contacts: [Contact(id: 0, x: 1, y: 1)])
        gesture.step(.frame(TouchInput(frame)), into: &events)
        #expect(gesture.decision == .undecided)
        gesture.step(.frame(TouchInput(frame)), into: &events)
        #expect(gesture.decision == .rejected)
    }
}
