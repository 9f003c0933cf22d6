import Testing
import TactileCore

@Suite("Long-press")
struct LongPressTests {
    @Test("began after 0.5 s, a tick every 0.1 s to the microsecond, ended on lift")
    func ticks() {
        #expect(playDefault([
            touch(0, (10, 10), deadline: true),
            wait(until: 499.999, expect: []),
            wait(until: 500, expect: ["500.0ms #1 long-press.began f1 tick0 500.0ms"], deadline: true),
            wait(until: 830, expect: [
                "600.0ms #1 long-press.changed f1 tick1 600.0ms",
                "700.0ms #1 long-press.changed f1 tick2 700.0ms",
                "800.0ms #1 long-press.changed f1 tick3 800.0ms",
            ]),
            touch(850, (10.5, 10.5)),
            lift(860, expect: ["860.0ms #1 long-press.ended f1 tick3 860.0ms"], deadline: false),
        ]) == nil)
    }

    @Test("a frame at a tick's deadline: the tick fires first, then the frame")
    func frameAtDeadline() {
        #expect(playDefault([
            touch(0, (10, 10), (30, 10)),
            lift(600, expect: [
                "500.0ms #1 long-press.began f2 tick0 500.0ms",
                "600.0ms #1 long-press.changed f2 tick1 600.0ms",
                "600.0ms #1 long-press.ended f2 tick1 600.0ms",
            ], deadline: false),
        ]) == nil)
    }

    @Test("moving too far after began cancels it; the rest of the sequence is silent")
    func cancelledByMovement() {
        var engine = Engine(LongPressGesture())
        #expect(play(&engine, [
            touch(0, (10, 10)),
            wait(until: 500, expect: ["500.0ms #1 long-press.began f1 tick0 500.0ms"]),
            touch(550, (19, 10), expect: ["550.0ms #1 long-press.cancelled f1 tick0 550.0ms"], deadline: false),
            touch(600, (40, 10)),
            lift(700),
            touch(900, (10, 10), expect: []),
            wait(until: 1400, expect: ["1400.0ms #2 long-press.began f1 tick0 500.0ms"]),
        ]) == nil)
    }

    @Test("in the default set, fingers that rest and then move: the long-press ends, a drag begins")
    func restThenDrag() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, [touch(0, (10, 10)), wait(until: 520)]
                                  + path(from: 530, to: 700, [(10, 10)], [(40, 10)]) + [lift(710)])
        // The drag starts counting at the first frame after the long-press began (530 ms) and
        // crosses 5 mm at 560 ms.
        #expect(Array(events.prefix(3)) == [
            "500.0ms #1 long-press.began f1 tick0 500.0ms",
            "560.0ms #1 drag.began f1",
            "560.0ms #1 long-press.ended f1 tick0 560.0ms",
        ])
        #expect(events.last == "710.0ms #1 drag.ended f1 right")
    }

    @Test("lifting before the minimum duration is no long-press")
    func liftedEarly() {
        #expect(playDefault([touch(0, (10, 10)), touch(350, (10, 10)), lift(400, deadline: false)]) == nil)
    }

    @Test("moving before the minimum duration is no long-press (it is a drag)")
    func movedEarly() {
        var engine = Engine(LongPressGesture())
        #expect(play(&engine, [touch(0, (10, 10)), touch(100, (20, 10), deadline: false),
                               wait(until: 600, expect: [])]) == nil)
    }
}
