import Testing
import TactileCore

/// `drag.together-distance` (1.5 mm by default): a drag whose fingers all move together begins as
/// libinput's swipe does, a finger joining it soon after cancels it for a drag of them all, and
/// the price is libinput's: a tap whose fingers drift together is a drag. Off, it waits.
@Suite("Fingers moving together")
struct MovingTogetherTests {
    /// The default set with `drag.together-distance` at `distance`.
    static func engine(togetherDistance distance: Double) -> Engine<DefaultGestureSet> {
        var tuning = GestureTuning()
        tuning[.dragTogetherDistance] = distance
        return Engine(DefaultGestures.make(tuning))
    }

    /// The peers harness's touchpad swipe: three fingers 7.8 mm apart, landing together and moving
    /// 0.66 mm right every 12 ms frame for 25 frames, then lifting.
    static let harnessSwipe: [Row] = (0..<25).map { frame in
        let x = 20 + 0.66 * Double(frame)
        return touch(12 * Double(frame), (x, 22.2), (x, 30), (x, 37.8))
    } + [lift(300)]

    /// Three fingers landing together and moving down 0.12 mm a millisecond, a fourth landing at
    /// `landing` ms beside them; every finger lifts at 510 ms.
    static func threeFingersThenAFourth(landingAt landing: Double) -> [Row] {
        stride(from: 0.0, through: 500, by: 10).map { time -> Row in
            let y = 20 + 60 * time / 500
            var points = [Point(x: 20, y: y), Point(x: 35, y: y), Point(x: 50, y: y)]
            if time >= landing { points.append(Point(x: 65, y: y)) }
            return Row(step: .frame(time, points, fingers: nil), expected: [], deadlinePending: nil)
        } + [lift(510)]
    }

    @Test("off, a three-finger swipe begins once its landing settled, 100 ms after it")
    func offWaitsForTheLanding() {
        var engine = Self.engine(togetherDistance: .infinity)
        #expect(eventsOf(&engine, Self.harnessSwipe).first == "100.0ms #1 drag.began f3")
    }

    @Test("by default, the same swipe begins on its fifth frame, 2.64 mm in, where libinput's does")
    func onBeginsAsLibinput() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, Self.harnessSwipe)
        #expect(events.first == "48.0ms #1 drag.began f3")  // 2 mm for three fingers: 1.98 mm at 36 ms
        #expect(events.last == "300.0ms #1 drag.ended f3 right")
    }

    @Test("two fingers that settle one after the other, each toward where the other went, stay a long-press")
    func fingersSettlingInTurnAreNoDrag() {
        // Two fingers 126 mm apart (an Atmel panel's two-finger hold in the corpus): the first
        // shifts 4.6 mm down-left, then the second 4.3 mm down-right. Their centroid moved 4.1 mm
        // and, net, each finger much the same way; frame by frame, each moved against the other.
        var engine = Self.engine(togetherDistance: 1.5)
        let rows = [touch(0, (195.3, 60.5)), touch(55, (195.3, 60.5), (80.4, 110.9)),
                    touch(192, (193.8, 64.8), (80.4, 110.9)), touch(233, (193.8, 64.8), (82.2, 114.8)),
                    touch(600, (193.8, 64.8), (82.2, 114.8)), lift(700)]
        let events = eventsOf(&engine, rows)
        #expect(events.first?.contains("long-press.began f2") == true, "\(events)")
        #expect(events.allSatisfy { $0.contains("long-press.") }, "\(events)")
    }

    @Test("a thumb resting while two fingers move is not three fingers moving together")
    func restingThumb() {
        // Two fingers move up 1 mm a frame; the thumb below them stays: their centroid moves
        // 2/3 mm a frame, and the fingers turn and spread about it as much.
        var engine = Self.engine(togetherDistance: 1.5)
        let rows = (0...12).map { frame in
            let y = 30 - Double(frame)
            return touch(10 * Double(frame), (30, y), (45, y), (40, 60))
        } + [lift(130)]
        let events = eventsOf(&engine, rows)
        // It begins by the centroid's 5 mm (at 80 ms), once the landing settled.
        #expect(events.first == "100.0ms #1 drag.began f3", "\(events)")
    }

    @Test("a fourth finger landing 80 ms after the others cancels the three-finger drag for a four-finger one")
    func lateFingerStartsItAgain() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, Self.threeFingersThenAFourth(landingAt: 80))
        let phases = events.filter { !$0.contains(".changed") }
        // 2.4 mm together at 20 ms; off, it begins at 180 ms with four. The fourth starts it again
        // from where the fingers are, and four fingers move 2.5 mm together by 110 ms.
        #expect(phases == ["20.0ms #1 drag.began f3", "80.0ms #1 drag.cancelled f3", "110.0ms #1 drag.began f4",
                           "510.0ms #1 drag.ended f4 down"], "\(events)")
    }

    @Test("off, the drag waits for the fourth finger and begins once with four")
    func offCountsTheLateFingerByWaiting() {
        var engine = Self.engine(togetherDistance: .infinity)
        let phases = eventsOf(&engine, Self.threeFingersThenAFourth(landingAt: 80)).filter { !$0.contains(".changed") }
        #expect(phases == ["180.0ms #1 drag.began f4", "510.0ms #1 drag.ended f4 down"], "\(phases)")
    }

    @Test("a finger landing after the landing's 100 ms is not counted, as before")
    func laterFingerIsNotCounted() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, Self.threeFingersThenAFourth(landingAt: 120))
        #expect(events.first == "20.0ms #1 drag.began f3")
        #expect(events.allSatisfy { $0.contains(" f3") }, "\(events)")
    }

    @Test("the price: two fingers of a tap drifting 3.5 mm together are a drag, unless the size is estimated or the rule is off",
          arguments: [(1.5, false, "30.0ms #1 drag.began f2"), (1.5, true, "380.0ms #1 tap.ended f2 x1"),
                      (Double.infinity, false, "380.0ms #1 tap.ended f2 x1")])
    func driftingTap(togetherDistance: Double, estimated: Bool, first: String) {
        var tuning = GestureTuning()
        tuning[.dragTogetherDistance] = togetherDistance
        tuning.surfaceSizeIsEstimated = estimated
        var engine = Engine(DefaultGestures.make(tuning))
        let rows = (0...6).map { step in
            let x = 30 + 3.5 * Double(step) / 6
            return touch(10 * Double(step), (x, 40), (x + 20, 40))
        } + [lift(80)]
        var events = eventsOf(&engine, rows)
        var buffer = GestureEventBuffer()
        engine.endOfInput(into: &buffer)
        events += buffer.events.map(summary)
        #expect(events.first == first, "\(events)")
    }
}
