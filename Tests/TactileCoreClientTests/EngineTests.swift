import Testing
import TactileCore

/// The engine hands its events over, so a caller cannot forget to empty a buffer.
@Suite("Engine, from the public API")
struct EngineTests {
    @Test("each call hands over only what it published, and deadlines fire at their own time")
    func draining() {
        var engine = Engine(LongPressGesture())
        var times: [Instant] = []
        engine.process(TouchFrame(time: instant(0), contacts: [Contact(id: 0, x: 10, y: 10)])) { times.append($0.time) }
        #expect(times.isEmpty)
        #expect(engine.nextDeadline == instant(500))
        // The timer fired late: the began is still at 500 ms, and the tick due at 600 ms too.
        engine.advance(to: instant(650)) { times.append($0.time) }
        #expect(times == [instant(500), instant(600)])
        times = []
        engine.reset(at: instant(660)) { times.append($0.time) }
        #expect(times == [instant(660)])
        times = []
        engine.endOfInput { times.append($0.time) }
        #expect(times.isEmpty)
    }

    @Test("a throwing caller stops the hand-over, and the next call starts afresh")
    func throwingDelivery() {
        struct Stop: Error {}
        var engine = Engine(LongPressGesture(interval: .milliseconds(100)))
        engine.process(TouchFrame(time: instant(0), contacts: [Contact(id: 0, x: 10, y: 10)])) { _ in }
        #expect(throws: Stop.self) { try engine.advance(to: instant(800)) { _ in throw Stop() } }
        var count = 0
        engine.advance(to: instant(900)) { _ in count += 1 }
        #expect(count == 1)  // the tick at 900 ms only: nothing from the call that threw is left over
    }
}
