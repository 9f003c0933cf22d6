import Testing
import TactileCore

@Suite("Engine, modifiers and gesture state")
struct EngineTests {
    @Test("reset() mid-drag ends the drag with cancelled, and the next sequence starts clean")
    func resetMidGesture() {
        var rows = path(from: 0, to: 100, [(20, 10)], [(20, 30)])
        rows.append(resetEngine(105))
        var fresh = Engine(DefaultGestures.make())
        let events = eventsOf(&fresh, rows)
        #expect(events.last == "105.0ms #1 drag.cancelled f1")
        #expect(fresh.sequence == 2)
        #expect(fresh.nextDeadline == nil)
        // The same finger still down after the reset starts a new attempt from scratch.
        let after = eventsOf(&fresh, [touch(110, (20, 30)), wait(until: 610)])
        #expect(after == ["610.0ms #2 long-press.began f1 tick0 500.0ms"])
    }

    @Test("reset() while nothing is in flight writes nothing")
    func resetIdle() {
        var engine = Engine(DefaultGestures.make())
        #expect(play(&engine, [resetEngine(0, expect: [])]) == nil)
        #expect(engine.sequence == 1)
    }

    @Test("updating: state follows the drag and returns to its initial value when it ends")
    func gestureStateResetsOnEnd() {
        let offset = GestureState(initialValue: 0.0)
        var seen: [Double] = []
        var engine = Engine(DragGesture().updating(offset) { value, state in
            state = value.translation.height
            seen.append(state)
        })
        // 2 mm every 10 ms; the drag begins when the landing settled, at 100 ms, before that
        // frame: 18 mm along.
        let rows = path(from: 0, to: 200, [(20, 10)], [(20, 50)])
        _ = eventsOf(&engine, rows)
        #expect(offset.wrappedValue == 40)
        _ = eventsOf(&engine, [lift(210)])
        #expect(offset.wrappedValue == 0)
        #expect(seen.count == 12 && seen.first == 18)
    }

    @Test("updating: state returns to its initial value when the engine resets mid-gesture")
    func gestureStateResetsOnCancel() {
        let pressed = GestureState(initialValue: false)
        var engine = Engine(LongPressGesture().updating(pressed) { _, state in state = true })
        _ = eventsOf(&engine, [touch(0, (1, 1)), wait(until: 500)])
        #expect(pressed.wrappedValue)
        _ = eventsOf(&engine, [resetEngine(520)])
        #expect(!pressed.wrappedValue)
    }

    @Test("onChanged, onEnded and map see the gesture's values")
    func callbacks() {
        var changes = 0
        var endedWith: String?
        var engine = Engine(
            DragGesture()
                .onChanged { _ in changes += 1 }
                .map { "\($0.direction?.rawValue ?? "none")" }
                .onEnded { endedWith = $0 })
        // Begins at 100 ms, once the landing settled; then a change every frame from 100 to 200 ms.
        _ = eventsOf(&engine, path(from: 0, to: 200, [(20, 10)], [(50, 10)]) + [lift(210)])
        #expect(changes == 12)
        #expect(endedWith == "right")
    }

    @Test("onEnded is not called for a cancelled gesture")
    func noEndOnCancel() {
        var ended = false
        var engine = Engine(LongPressGesture().onEnded { _ in ended = true })
        _ = eventsOf(&engine, [touch(0, (1, 1)), wait(until: 500), touch(510, (30, 1)), lift(520)])
        #expect(!ended)
    }

    @Test("a frame older than the last is processed as arriving at the last time")
    func timeGoingBackwards() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, [touch(100, (1, 1)), touch(50, (1, 1)), wait(until: 600)])
        #expect(events == ["600.0ms #1 long-press.began f1 tick0 500.0ms"])
    }

    @Test("several overdue deadlines fire in order, each at its own time")
    func overdueDeadlines() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, [touch(0, (1, 1)), touch(1000, (1, 1))])
        #expect(events.count == 6)
        #expect(events.first == "500.0ms #1 long-press.began f1 tick0 500.0ms")
        #expect(events.last == "1000.0ms #1 long-press.changed f1 tick5 1000.0ms")
    }
}

@Suite("Type-erased gestures")
struct AnyGestureTests {
    @Test("an AnyGesture set behaves exactly like the generic one it wraps")
    func sameEvents() {
        let rows = [touch(0, (10, 10)), lift(80), touch(200, (11, 10)), lift(280)]
            + path(from: 1000, to: 1200, [(20, 10)], [(21, 50)]) + [lift(1210)]
            + [touch(2000, (10, 10)), wait(until: 2750), lift(2760)]
        var generic = Engine(DefaultGestures.make())
        let members = DefaultGestures.make().members
        let (taps, hold, motion) = (members.head, members.rest.head, members.rest.rest.head)
        var erased = Engine(AnyGesture(erasing: Arena(AnyGesture(erasing: taps), AnyGesture(erasing: hold), AnyGesture(erasing: motion))))
        let expected = eventsOf(&generic, rows)
        #expect(expected.count > 10)
        #expect(eventsOf(&erased, rows) == expected)
    }
}

@Suite("Replacing the gesture set")
struct ReplaceGesturesTests {
    @Test("in-flight gestures are cancelled and sequence numbers carry on")
    func replace() {
        var engine = Engine(AnyGesture(erasing: DragGesture()))
        _ = eventsOf(&engine, path(from: 0, to: 100, [(20, 10)], [(20, 30)]))
        var events = GestureEventBuffer()
        engine.replaceGestures(with: AnyGesture(erasing: LongPressGesture()), at: instant(105), into: &events)
        #expect(events.events.map(summary) == ["105.0ms #1 drag.cancelled f1"])
        let after = eventsOf(&engine, [touch(110, (20, 30)), wait(until: 610)])
        #expect(after == ["610.0ms #2 long-press.began f1 tick0 500.0ms"])
    }
}

@Suite("Fuzz findings in the engine")
struct EngineFuzzFindingTests {
    @Test("a touch that restarts the sequence with an older timestamp starts at the engine's time")
    func restartedSequenceKeepsTimeMonotonic() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, [
            touch(0, (10, 10)), lift(50),
            // Lands 30 mm away inside the double-tap window, stamped earlier than the lift.
            touch(40, (40, 10)),
            wait(until: 600),
        ])
        #expect(events == ["50.0ms #1 tap.ended f1 x1", "550.0ms #2 long-press.began f1 tick0 500.0ms"])
    }
}

extension EngineFuzzFindingTests {
    @Test("fingers held through a silence of over an hour: the long-press is cancelled, not ticked for a year")
    func longSilence() {
        var engine = Engine(DefaultGestures.make())
        let year = 365.0 * 24 * 3600 * 1000
        let events = eventsOf(&engine, [touch(0, (10, 10)), wait(until: 650), touch(year, (10, 10)), lift(year + 10)])
        #expect(events == [
            "500.0ms #1 long-press.began f1 tick0 500.0ms",
            "600.0ms #1 long-press.changed f1 tick1 600.0ms",
            "650.0ms #1 long-press.cancelled f1 tick1 650.0ms",
        ])
        // The touch after the gap is a sequence of its own (a tap, waiting for its window).
        #expect(engine.sequence == 2 && engine.nextDeadline != nil)
    }
}

extension EngineFuzzFindingTests {
    @Test("a reset moves the engine's time on: frames stamped before it are clamped to it")
    func resetAdvancesTime() {
        var engine = Engine(DefaultGestures.make())
        let events = eventsOf(&engine, [
            touch(0, (10, 10)), resetEngine(54),
            touch(20, (10, 10)),  // stamped before the reset
            wait(until: 600),
        ])
        #expect(events == ["554.0ms #2 long-press.began f1 tick0 500.0ms"])
    }
}

extension EngineFuzzFindingTests {
    @Test("a long-press ticks at most every 10 ms: 10 ms is accepted, anything faster traps")
    func longPressTickFloor() async {
        var engine = Engine(LongPressGesture(minimumDuration: .milliseconds(500), interval: .milliseconds(10)))
        let ticks = eventsOf(&engine, [touch(0, (10, 10)), wait(until: 600)]).filter { $0.contains("changed") }
        #expect(ticks.count == 10)
        await #expect(processExitsWith: .failure) {
            _ = LongPressGesture(interval: Interval(microseconds: 9_999))
        }
    }
}
