import Testing
import TactileCore

/// A device unplugged mid-gesture: the live loop and the replayer both call `endOfInput`, and
/// whatever was in flight must end with `cancelled`, never silently, leaving nothing pending.
@Suite("Fault: device removed mid-gesture")
struct DeviceRemovedTests {
    @Test("a drag whose device is removed while the fingers are down ends cancelled")
    func dragCancelled() {
        var engine = Engine(DefaultGestures.make())
        let began = eventsOf(&engine, path(from: 0, to: 100, [(20, 10), (40, 10)], [(20, 40), (40, 40)]))
        #expect(began.first == "10.0ms #1 drag.began f2")  // both fingers moved 1.5 mm together
        var events = GestureEventBuffer()
        engine.endOfInput(into: &events)
        #expect(events.events.map(summary) == ["100.0ms #1 drag.cancelled f2"])
        #expect(engine.nextDeadline == nil)
        #expect(engine.sequence == 2)
    }

    @Test("a long-press held when its device is removed ends cancelled, and ticks no more")
    func longPressCancelled() {
        var engine = Engine(DefaultGestures.make())
        let held = eventsOf(&engine, [touch(0, (10, 10)), wait(until: 650)])
        #expect(held.count == 2 && held.last == "600.0ms #1 long-press.changed f1 tick1 600.0ms")
        var events = GestureEventBuffer()
        engine.endOfInput(into: &events)
        #expect(events.events.map(summary) == ["650.0ms #1 long-press.cancelled f1 tick1 650.0ms"])
        #expect(engine.nextDeadline == nil)
        engine.advance(to: instant(2_000), into: &events)
        #expect(events.count == 1)
    }
}
