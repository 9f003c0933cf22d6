import Testing
import TactileCore

@Suite("Tap")
struct TapTests {
    @Test("a single tap is confirmed when the double-tap window closes, at that time")
    func singleTapWaitsForWindow() {
        #expect(playDefault([
            touch(0, (10, 10), deadline: true),
            touch(50, (10.5, 10)),
            lift(100, deadline: true),
            wait(until: 399.999, deadline: true),
            wait(until: 400, expect: ["400.0ms #1 tap.ended f1 x1"], deadline: false),
        ]) == nil)
    }

    @Test("a double tap wins over the single tap, which is never reported")
    func doubleTap() {
        #expect(playDefault([
            touch(0, (10, 10)),
            lift(80, deadline: true),
            touch(200, (11, 10)),
            lift(280, expect: ["280.0ms #1 tap.ended f1 x2"], deadline: false),
            wait(until: 2000),
            touch(3000, (10, 10), expect: []),
        ]) == nil)
    }

    @Test("the next sequence after a tap has the next sequence number")
    func sequenceNumbers() {
        #expect(playDefault([
            touch(0, (10, 10)), lift(80),
            wait(until: 380, expect: ["380.0ms #1 tap.ended f1 x1"]),
            touch(1000, (10, 10)), lift(1080),
            wait(until: 1380, expect: ["1380.0ms #2 tap.ended f1 x1"]),
        ]) == nil)
    }

    @Test("fingers that land one after another make one multi-finger tap", arguments: [2, 3, 4, 5])
    func multiFingerTap(fingers: Int) {
        var engine = Engine(DefaultGestures.make())
        let points = (0..<fingers).map { (10 + Double($0) * 15, 10.0) }
        var rows: [Row] = []
        for count in 1...fingers {
            rows.append(Row(step: .frame(Double(count) * 10, points.prefix(count).map { Point(x: $0.0, y: $0.1) },
                                         fingers: nil), expected: [], deadlinePending: true))
        }
        rows.append(lift(120))
        rows.append(wait(until: 420, expect: ["420.0ms #1 tap.ended f\(fingers) x1"]))
        #expect(play(&engine, rows) == nil)
    }

    @Test("a pad that reports two fingers with one position taps with two fingers")
    func fingerCountWithoutPositions() {
        #expect(playDefault([
            touch(0, (10, 10), fingers: 2),
            lift(60),
            wait(until: 360, expect: ["360.0ms #1 tap.ended f2 x1"]),
        ]) == nil)
    }

    @Test("a touch held past the tap duration is no tap")
    func tooLong() {
        #expect(playDefault([
            touch(0, (10, 10)),
            touch(299, (10, 10)),
            wait(until: 300),
            lift(350, deadline: false),
        ]) == nil)
    }

    @Test("a lift exactly at the tap deadline is too late: the deadline fires first")
    func liftAtDeadline() {
        #expect(playDefault([touch(0, (10, 10)), lift(300, deadline: false)]) == nil)
    }

    @Test("a tap that moves more than its slop is no tap")
    func moved() {
        #expect(playDefault([
            touch(0, (10, 10)),
            touch(20, (13.5, 10)),
            lift(60, deadline: false),
        ]) == nil)
    }

    @Test("a double tap whose taps differ in fingers is not a double tap; the first is a single")
    func doubleTapNeedsSameFingers() {
        #expect(playDefault([
            touch(0, (10, 10)), lift(60),
            touch(150, (10, 10), (25, 10)),
            lift(220, expect: ["220.0ms #1 tap.ended f1 x1"], deadline: false),
        ]) == nil)
    }

    @Test("a second tap too far from the first ends the double tap; the first is a single")
    func doubleTapSlop() {
        #expect(playDefault([
            touch(0, (10, 10)), lift(60),
            touch(150, (40, 10), expect: ["150.0ms #1 tap.ended f1 x1"]),
        ]) == nil)
    }

    @Test("a triple tap composed before a double and a single wins with three")
    func tripleTap() {
        var engine = Engine(TapGesture(count: 3).exclusively(before: TapGesture(count: 2)))
        #expect(play(&engine, [
            touch(0, (10, 10)), lift(50),
            touch(150, (10, 10)), lift(200),
            touch(300, (10, 10)), lift(350, expect: ["350.0ms #1 tap.ended f1 x3"]),
        ]) == nil)
    }
}

@Suite("Touches that land while a double tap waits")
struct TouchDuringTapWindowTests {
    @Test("a tap too far away to be a double tap is a tap of its own, in a new sequence")
    func farSecondTapIsItsOwnTap() {
        #expect(playDefault([
            touch(0, (10, 10)), lift(60),
            touch(150, (40, 10), expect: ["150.0ms #1 tap.ended f1 x1"]),
            lift(220),
            wait(until: 520, expect: ["520.0ms #2 tap.ended f1 x1"]),
        ]) == nil)
    }

    @Test("a drag that starts in the double-tap window is a drag")
    func dragInWindow() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, [touch(0, (10, 10)), lift(60)]
                                  + path(from: 150, to: 300, [(40, 10)], [(40, 40)]) + [lift(310)])
        #expect(events.first == "150.0ms #1 tap.ended f1 x1")
        #expect(events.last == "310.0ms #2 drag.ended f1 down")
    }
}

extension TouchDuringTapWindowTests {
    @Test("a drag that starts where the first tap was is a drag once it moves too far for a tap")
    func dragFromTheSameSpot() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, [touch(0, (10, 10)), lift(60)]
                                  + path(from: 150, to: 400, [(10, 10)], [(10, 50)]) + [lift(410)])
        #expect(events.first?.hasSuffix("#1 tap.ended f1 x1") == true)
        #expect(events.contains { $0.contains("#2 drag.began f1") })
        #expect(events.last == "410.0ms #2 drag.ended f1 down")
    }
}
