import Testing
import TactileCore

/// What a composite withholds or withdraws is never seen by the modifiers inside it, and what it
/// holds is never lost: callbacks and `GestureState` follow the published stream, as Flutter
/// calls a recognizer back only once its arena decided.
@Suite("Publication")
struct PublicationTests {
    /// Counts what a modifier was called with, across the value copies the engine makes.
    final class Calls {
        var count = 0
    }

    /// One row: a step and how many times the single tap's `onEnded` must have run after it.
    struct CallbackRow {
        var row: Row
        var calls: Int
    }

    static let doubleElseSingle: [(name: String, rows: [CallbackRow])] = [
        ("a double tap: the single tap's callback never runs", [
            CallbackRow(row: touch(0, (10, 10)), calls: 0),
            CallbackRow(row: lift(50), calls: 0),  // the single tap recognized here, held
            CallbackRow(row: touch(150, (10, 10)), calls: 0),
            CallbackRow(row: lift(200, expect: ["200.0ms #1 tap.ended f1 x2"]), calls: 0),
            CallbackRow(row: wait(until: 1000), calls: 0),
        ]),
        ("a single tap: the callback runs when the window closes, with the event", [
            CallbackRow(row: touch(0, (10, 10)), calls: 0),
            CallbackRow(row: lift(50), calls: 0),
            CallbackRow(row: wait(until: 349), calls: 0),
            CallbackRow(row: wait(until: 350, expect: ["350.0ms #1 tap.ended f1 x1"]), calls: 1),
        ]),
    ]

    @Test("exclusive: a held member's onEnded runs only if its events are published",
          arguments: doubleElseSingle.indices)
    func heldCallbacks(_ index: Int) {
        let calls = Calls()
        var engine = Engine(TapGesture(count: 2).exclusively(before: TapGesture().onEnded { _ in calls.count += 1 }))
        for (step, expected) in Self.doubleElseSingle[index].rows.enumerated() {
            #expect(play(&engine, [expected.row]) == nil, "\(Self.doubleElseSingle[index].name), row \(step)")
            #expect(calls.count == expected.calls, "\(Self.doubleElseSingle[index].name), row \(step)")
        }
    }

    @Test("exclusive: a held drag's GestureState stays initial until the drag is published")
    func heldGestureState() {
        let offset = GestureState(initialValue: 0.0)
        let seen = Calls()
        // Two fingers are needed by the first; with one it stays undecided until the lift.
        var engine = Engine(DragGesture(fingers: 2...2).exclusively(before: DragGesture().updating(offset) { value, state in
            state = value.translation.height
            seen.count += 1
        }))
        for row in path(from: 0, to: 100, [(20, 10)], [(20, 30)]) {
            #expect(play(&engine, [row]) == nil)
            #expect(offset.wrappedValue == 0 && seen.count == 0)
        }
        let released = eventsOf(&engine, [lift(110)])
        #expect(released == ["110.0ms #1 drag.began f1", "110.0ms #1 drag.changed f1", "110.0ms #1 drag.ended f1 down"])
        #expect(seen.count == 1)
        #expect(offset.wrappedValue == 0)
    }

    @Test("arena: on a tie the loser's onChanged does not run for the began that was withdrawn")
    func withdrawnCallback() {
        let journal = Journal()
        let calls = Calls()
        var engine = Engine(Arena(ScriptedGesture(1, .acceptOnFrame(2), journal: journal),
                                  ScriptedGesture(2, .acceptOnFrame(2), journal: journal)
                                      .onChanged { _ in calls.count += 1 }))
        #expect(play(&engine, [
            touch(0, (1, 1)),
            touch(10, (1, 1), expect: ["10.0ms #1 scripted.began f1"]),
            lift(20, expect: ["20.0ms #1 scripted.ended f1"]),
        ]) == nil)
        #expect(calls.count == 0)
    }

    @Test("exclusive: everything a held magnify-with-rotate wrote is released; each began ends")
    func heldPinchKeepsItsEnds() {
        let journal = Journal()
        // The first holds the pinch until its deadline, long after the fingers lifted.
        var engine = Engine(Exclusive(ScriptedGesture(1, .rejectAtDeadline(1000), journal: journal),
                                      MagnifyGesture().simultaneously(with: RotateGesture())))
        let rows = path(from: 0, to: 300, [(20, 20), (40, 20)], [(30, 0), (30, 60)])
            + [touch(310, (30, 0)), lift(320), wait(until: 1000)]
        let events = eventsOf(&engine, rows)
        let phases = events.map { $0.split(separator: " ")[2] }
        #expect(phases.filter { $0 == "magnify.began" }.count == 1)
        #expect(phases.filter { $0 == "rotate.began" }.count == 1)
        #expect(phases.filter { $0 == "magnify.ended" }.count == 1)
        #expect(phases.filter { $0 == "rotate.ended" }.count == 1)
        // The latest value of each is kept: a held gesture is released as began, its last change, its end.
        #expect(phases == ["rotate.began", "magnify.began", "magnify.changed", "rotate.changed",
                           "magnify.ended", "rotate.ended"])
        #expect(events.allSatisfy { $0.hasPrefix("1000.0ms #1 ") })
    }

    @Test("exclusive: two held gestures of one kind both keep their began and their end")
    func heldSameKind() {
        let journal = Journal()
        var engine = Engine(Exclusive(ScriptedGesture(1, .rejectAtDeadline(1000), journal: journal),
                                      DragGesture().simultaneously(with: DragGesture())))
        let events = eventsOf(&engine, path(from: 0, to: 200, [(20, 10)], [(20, 60)]) + [lift(210), wait(until: 1000)])
        let phases = events.map { $0.split(separator: " ")[2] }
        // The two drags' changes supersede each other; their milestones never do.
        #expect(phases == ["drag.began", "drag.began", "drag.changed", "drag.ended", "drag.ended"])
    }
}

/// What a member published, as its own modifier was told: the `PhaseSet` of each `apply`.
final class PublishedPhases {
    var applied: [PhaseSet] = []
}

/// A modifier that only records what it is told was published.
struct RecordingPublications<Base: Gesture>: GestureModifier {
    var base: Base
    var unpublished: PhaseSet = []
    let log: PublishedPhases

    var value: Base.Value? { base.value }

    mutating func apply(_ published: PhaseSet) { log.applied.append(published) }
}

extension PublicationTests {
    @Test("exclusive: a first member that publishes in the step it fails still hears of it")
    func firstPublishingAsItFails() {
        // The inner exclusive holds a three-finger drag behind a lenient three-finger tap. The
        // drag begins at 20 ms (held); the fourth finger at 80 ms fails the tap and cancels and
        // fails the drag, so the inner exclusive publishes the drag's began and cancelled and
        // fails in that step, which makes the outer exclusive turn to its second member.
        let log = PublishedPhases()
        let tap = TapGesture(fingers: 3...3, maximumDuration: .milliseconds(10_000), maximumMovementMillimetres: 1_000,
                             maximumExcursionMillimetres: 1_000)
        let inner = tap.exclusively(before: DragGesture(fingers: 3...3))
        var engine = Engine(RecordingPublications(base: inner, log: log).exclusively(before: LongPressGesture()))
        let events = eventsOf(&engine, MovingTogetherTests.threeFingersThenAFourth(landingAt: 80))
        #expect(events.filter { !$0.contains(".changed") }.prefix(2) == ["80.0ms #1 drag.began f3", "80.0ms #1 drag.cancelled f3"],
                "\(events)")
        #expect(log.applied == [[.began, .changed, .cancelled]])
    }
}
