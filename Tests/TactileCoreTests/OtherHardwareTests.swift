import Testing
import TactileCore

/// Four kinds of failure seen in recordings of devices Tactile's corpus does not have, each
/// reproduced here from frames written to show it: a jittering contact, an unreliable second
/// contact, a wobbling multi-finger tap on a surface of estimated size, a finger landing late.
@Suite("Recognition on hardware we do not have")
struct OtherHardwareTests {
    /// Frames every `interval` ms from `start` to `end`, contacts placed by `position(time, index)`.
    static func frames(from start: Double, to end: Double, every interval: Double, contacts: Int,
                       _ position: (Double, Int) -> (Double, Double)) -> [Row] {
        stride(from: start, through: end, by: interval).map { time in
            let points = (0..<contacts).map { index in
                let (x, y) = position(time, index)
                return Point(x: x, y: y)
            }
            return Row(step: .frame(time, points, fingers: nil), expected: [], deadlinePending: nil)
        }
    }

    /// The last event's summary, as the default set reports the rows followed by a lift.
    static func lastEvent(_ rows: [Row], liftAt lift: Double, tuning: GestureTuning = GestureTuning()) -> String? {
        var engine = Engine(DefaultGestures.make(tuning))
        var events = eventsOf(&engine, rows + [TactileCoreTests.lift(lift)])
        var buffer = GestureEventBuffer()
        engine.endOfInput(into: &buffer)
        events += buffer.events.map(summary)
        return events.last
    }

    // MARK: 1. A straight swipe whose contact jitters keeps its direction

    @Test("a thumb dragged 70 mm right, wobbling ±3 mm sideways every frame at 125 Hz, swipes right")
    func jitteringThumbSwipesRight() {
        // The raw path is 3.6 times the net motion: 70 mm forward, 6 mm sideways on every report.
        let rows = Self.frames(from: 0, to: 496, every: 8, contacts: 1) { time, _ in
            let frame = Int(time / 8)
            return (10 + 70 * time / 496, 25 + (frame % 2 == 0 ? 3 : -3))
        }
        #expect(Self.lastEvent(rows, liftAt: 504) == "504.0ms #1 drag.ended f1 right")
    }

    @Test("a straight stroke between two axes is its diagonal, jitter or not: four-way bindings never meet it", arguments: [0.0, 3.0])
    func diagonalStrokeIsADiagonal(jitter: Double) {
        let rows = Self.frames(from: 0, to: 600, every: 8, contacts: 1) { time, _ in
            let wobble = Int(time / 8) % 2 == 0 ? jitter : -jitter
            return (10 + 40 * time / 600 + wobble, 10 + 40 * time / 600)
        }
        #expect(Self.lastEvent(rows, liftAt: 610) == "610.0ms #1 drag.ended f1 down-right", "±\(jitter) mm")
    }

    @Test("paths a person does not see as straight still have no direction, jitter or not", arguments: [
        ("a U-turn", 0.0), ("a U-turn", 3.0),
        ("three quarters of a circle", 0.0), ("three quarters of a circle", 3.0), ("a zig-zag", 0.0),
    ])
    func crookedPathsHaveNoDirection(shape: String, jitter: Double) {
        let rows = Self.frames(from: 0, to: 600, every: 8, contacts: 1) { time, _ in
            let t = time / 600
            let wobble = Int(time / 8) % 2 == 0 ? jitter : -jitter
            switch shape {
            case "a U-turn": return (10 + 60 * (t < 0.5 ? 2 * t : 2 - 2 * t), 20 + 12 * t + wobble)
            case "a zig-zag":  // three strokes 40 mm wide while moving 25 mm down
                let phase = (3 * t).truncatingRemainder(dividingBy: 1)
                let stroke = Int(3 * t) % 2 == 0 ? phase : 1 - phase
                return (10 + 40 * stroke, 10 + 25 * t)
            default:
                let angle = 1.5 * Double.pi * t
                return (50 + 20 * cosine(angle) + wobble, 50 + 20 * sine(angle))
            }
        }
        #expect(Self.lastEvent(rows, liftAt: 610) == "610.0ms #1 drag.ended f1 none", "\(shape), ±\(jitter) mm")
    }

    // MARK: 2. A two-finger scroll with an unreliable second contact stays a scroll

    @Test("two fingers scrolling down while the second contact's spread swings by a third are a drag, not a magnify")
    func unreliableSecondContactScrolls() {
        // 20 mm apart, both 45 mm down in 450 ms; the second contact's x swings ±6.7 mm (a third of
        // the spread) with a 120 ms period, as an older pad's second contact does.
        let rows = Self.frames(from: 0, to: 450, every: 10, contacts: 2) { time, index in
            let y = 20 + 45 * time / 450
            let swing = 6.7 * sine(2 * Double.pi * time / 120)
            return index == 0 ? (30, y) : (50 + swing, y)
        }
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, rows + [lift(460)])
        #expect(events.allSatisfy { $0.contains("drag.") }, "\(events.filter { !$0.contains("drag.") })")
        #expect(events.last == "460.0ms #1 drag.ended f2 down")
    }

    @Test("fingers moving apart while the hand drifts a little still magnify; one finger sliding past a still one scrolls")
    func pinchesAreStillPinches() {
        // Both fingers move out 15 mm each while the pair drifts 4 mm down: relative motion 15, common 4.
        let spread = Self.frames(from: 0, to: 300, every: 10, contacts: 2) { time, index in
            let t = time / 300
            return (index == 0 ? 40 - 15 * t : 60 + 15 * t, 30 + 4 * t)
        }
        var engine = Engine(DefaultGestures.make())
        let spreadEvents = eventsOf(&engine, spread + [lift(310)])
        #expect(spreadEvents.first?.contains("magnify.began f2") == true, "\(spreadEvents.first ?? "nothing")")
        // One finger still, the other 30 mm down: libinput's "one-finger scroll", a drag here too.
        let slide = Self.frames(from: 0, to: 300, every: 10, contacts: 2) { time, index in
            index == 0 ? (30, 30) : (50, 30 + 30 * time / 300)
        }
        var second = Engine(DefaultGestures.make())
        let slideEvents = eventsOf(&second, slide + [lift(310)])
        #expect(slideEvents.allSatisfy { $0.contains("drag.") }, "\(slideEvents)")
    }

    // MARK: 3. A wobbling two-finger tap on a surface of estimated size is a tap

    @Test("taps that wobble: what a tap of each finger count may move, where the size is estimated or known",
          arguments: [
              // (fingers, wobble mm, size estimated, expected). Where the size is known, fingers
              // drifting together past drag.together-distance are a drag, as libinput's swipe
              // (MovingTogetherTests); where it is estimated, they must also pass the tap's tolerance.
              (2, 3.5, true, "tap"), (2, 3.5, false, "drag"), (3, 3.9, true, "tap"),
              (1, 4.2, true, "nothing"), (2, 4.2, false, "drag"), (2, 6.0, true, "drag"),
          ])
    func wobblingTaps(fingers: Int, wobble: Double, estimated: Bool, expected: String) {
        var tuning = GestureTuning()
        tuning.surfaceSizeIsEstimated = estimated
        // The fingers land, drift `wobble` mm together within 60 ms, and lift at 80 ms.
        let rows = Self.frames(from: 0, to: 60, every: 10, contacts: fingers) { time, index in
            (30 + 20 * Double(index) + wobble * time / 60, 40)
        }
        var engine = Engine(DefaultGestures.make(tuning))
        var events = eventsOf(&engine, rows + [lift(80)])
        var buffer = GestureEventBuffer()
        engine.endOfInput(into: &buffer)
        events += buffer.events.map(summary)
        let kinds = Set(events.map { String($0.split(separator: " ")[2].split(separator: ".")[0]) })
        switch expected {
        case "nothing": #expect(events.isEmpty, "\(events)")
        default: #expect(kinds == [expected], "\(events)")
        }
        if expected == "tap" { #expect(events.last?.hasSuffix("tap.ended f\(fingers) x1") == true, "\(events)") }
    }

    // MARK: 4. Fingers landing unevenly are one landing

    @Test("a four-finger drag whose fourth finger lands 80 ms after the third is a four-finger drag once it lands, and stays four as they lift")
    func lateFourthFingerMakesItFour() {
        var rows: [Row] = []
        for time in stride(from: 0.0, through: 500, by: 10) {
            let y = 20 + 60 * time / 500
            var points = [Point(x: 20, y: y)]
            if time >= 30 { points += [Point(x: 35, y: y), Point(x: 50, y: y)] }  // two more land together
            if time >= 110 && time < 460 { points.append(Point(x: 65, y: y)) }  // the fourth, late; lifts early
            rows.append(Row(step: .frame(time, points, fingers: nil), expected: [], deadlinePending: nil))
        }
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, rows + [lift(510)])
        // Three fingers moving together begin a drag at once; the fourth, landing within the
        // landing's 100 ms, cancels it for a drag of four (libinput's finger-count switch).
        let phases = events.filter { !$0.contains(".changed") }
        #expect(phases == ["50.0ms #1 drag.began f3", "110.0ms #1 drag.cancelled f3", "140.0ms #1 drag.began f4",
                           "510.0ms #1 drag.ended f4 down"], "\(phases)")
        let afterTheFourth = events.drop { !$0.contains("drag.began f4") }
        #expect(afterTheFourth.allSatisfy { $0.contains(" f4") }, "\(afterTheFourth.filter { !$0.contains(" f4") })")
    }

    @Test("a flick over before its landing settled still begins and ends, with its direction")
    func quickFlick() {
        let rows = Self.frames(from: 0, to: 60, every: 10, contacts: 1) { time, _ in (20 + time / 2, 30) }
        var engine = Engine(DefaultGestures.make())
        #expect(eventsOf(&engine, rows + [lift(70)]) == ["70.0ms #1 drag.began f1", "70.0ms #1 drag.ended f1 right"])
    }
}
