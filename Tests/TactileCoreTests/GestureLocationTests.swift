import Testing
import TactileCore

/// A gesture's `x`, `y` is where the fingers it counts are: a finger that lands after the count
/// is fixed, or lifts before the others, neither joins nor pulls it.
@Suite("Gesture locations")
struct GestureLocationTests {
    /// Every event the default set writes for `rows`, with its location.
    static func events(_ rows: [Row]) -> [GestureEvent] {
        var engine = Engine(DefaultGestures.make())
        var buffer = GestureEventBuffer()
        var all: [GestureEvent] = []
        for row in rows {
            buffer.removeAll()
            apply(row.step, to: &engine, into: &buffer)
            all += buffer.events
        }
        return all
    }

    static func distance(_ a: Point, _ b: (Double, Double)) -> Double {
        (a - Point(x: b.0, y: b.1)).length
    }

    /// What the demo recording showed: a one-finger long-press whose `x`, `y` became the midpoint
    /// of two contacts 58 mm apart when a second finger rested beside it.
    @Test("a one-finger long-press stays on its finger when a second lands 58 mm away")
    func longPressJoinedByAnotherFinger() {
        let pressed = (40.0, 100.0), other = (98.0, 100.0)
        let alone = stride(from: 0.0, through: 640, by: 10).map { touch($0, pressed) }
        let joined = stride(from: 650.0, through: 900, by: 10).map { touch($0, pressed, other) }
        let presses = Self.events(alone + joined + [lift(910)]).filter { $0.kind == .longPress }
        #expect(presses.map(\.phase) == [.began, .changed, .changed, .changed, .changed, .ended])
        for press in presses {
            #expect(press.fingers == 1)
            #expect(Self.distance(press.location, pressed) < 1e-9, "\(press.phase) at \(press.location)")
        }
    }

    @Test("a two-finger drag that a third finger joins keeps the two's centroid as the hand moves")
    func dragJoinedByAnotherFinger() {
        // Two fingers 20 mm apart move down 40 mm; a third lands 100 mm to the right at 200 ms
        // and moves with them, as a hand landing finger by finger does.
        let frames = stride(from: 0.0, through: 400, by: 10).map { time -> Row in
            let y = 20 + time / 10
            return time < 200 ? touch(time, (30, y), (50, y)) : touch(time, (30, y), (50, y), (150, y))
        }
        let drags = Self.events(frames + [lift(410)]).filter { $0.kind == .drag }
        #expect(drags.first?.phase == .began && drags.last?.phase == .ended)
        for drag in drags {
            #expect(drag.fingers == 2)
            #expect(abs(drag.location.x - 40) < 1e-9, "\(drag.phase) at \(drag.location)")
        }
        #expect(abs((drags.last?.location.y ?? 0) - 60) < 1e-9)
    }

    @Test("a finger lifting before the other does not move a two-finger drag's end to the one left")
    func dragWhoseFingersLiftOneByOne() {
        let frames = stride(from: 0.0, through: 300, by: 10).map { touch($0, (30, 20 + $0 / 10), (50, 20 + $0 / 10)) }
        let drags = Self.events(frames + [touch(310, (30, 50)), lift(320)]).filter { $0.kind == .drag }
        let end = drags.last
        #expect(end?.phase == .ended && end?.fingers == 2)
        #expect(Self.distance(end?.location ?? .zero, (40, 50)) < 1e-9, "\(String(describing: end?.location))")
    }
}
