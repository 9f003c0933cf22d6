import TactileCore
import Testing

/// Deadlines near the ends of `Instant`'s range (issue 42): a recording at the latest time the
/// evemu reader accepts, with a 2 s long-press, wrapped its deadline round to the past, and the
/// engine fired it, and the next tick, and the next, until memory ran out.
@Suite("the clock's limits: arithmetic saturates, deadlines never wrap")
struct ClockLimitTests {
    @Test("Instant and Interval arithmetic holds at the ends of the clock instead of wrapping")
    func saturation() {
        let latest = Instant(microseconds: .max - 1)
        #expect(latest + .seconds(2) == .distantFuture)
        #expect(Instant(microseconds: .min + 1) - .seconds(2) == Instant(microseconds: .min))
        #expect(Instant(microseconds: .max) - Instant(microseconds: .min) == Interval(microseconds: .max))
        #expect(Instant(microseconds: .min) - Instant(microseconds: .max) == Interval(microseconds: .min))
        #expect(-Interval(microseconds: .min) == Interval(microseconds: .max))
        #expect(Interval(microseconds: .max) * 2 == Interval(microseconds: .max))
        #expect(Interval(microseconds: .max) * -2 == Interval(microseconds: .min))
        #expect(Interval(microseconds: .max) + .seconds(1) == Interval(microseconds: .max))
        #expect(Interval(microseconds: .min) - .seconds(1) == Interval(microseconds: .min))
        // Inside the range nothing changes.
        #expect(Instant(microseconds: 5) + .seconds(1) == Instant(microseconds: 1_000_005))
        #expect(Instant(microseconds: 5) - Instant(microseconds: 7) == Interval(microseconds: -2))
    }

    @Test("a deadline saturated at the end of the clock is no deadline, even at a time that saturated too")
    func saturatedDeadlineNeverFires() {
        var engine = Engine(LongPressGesture(minimumDuration: 2))
        var events = GestureEventBuffer()
        let late = Instant(microseconds: .max - 1_000_000)
        engine.process(TouchFrame(time: late, contacts: [Contact(id: 0, x: 10, y: 10)]), into: &events)
        #expect(engine.nextDeadline == nil)
        engine.process(TouchFrame(time: .distantFuture, contacts: [Contact(id: 0, x: 10, y: 10)]), into: &events)
        engine.advance(to: .distantFuture, into: &events)
        engine.endOfInput(into: &events)
        #expect(events.events.allSatisfy { $0.phase == .cancelled || $0.time <= .distantFuture })
        #expect(events.count <= 2, "\(events.events.map(\.phase))")
    }

    /// Random frames, lifts and waits from a start near either end of the clock (and near zero,
    /// as a control), through the default gestures and a 2 s long-press. After every step a
    /// pending deadline must lie ahead of the engine's time, no event may precede the one
    /// before it, and no step may write more events than a few ticks' worth; a run stops at
    /// its first failure, so a wrapped deadline fails the test instead of firing for ever.
    @Test("fuzz: deadlines near Instant's limits never wrap into the past", arguments: 0..<3)
    func fuzzNearTheLimits(end: Int) {
        var random = SplitMix64(seed: UInt64(end) &* 0x9E37_79B9_7F4A_7C15 &+ 42)
        let origins = [Int64.max, Int64.min / 2, 0]
        for run in 0..<200 {
            // Near the end: up to 5 s before it; near the start, far after it (times only move on).
            let margin = Int64.random(in: 0...5_000_000, using: &random)
            let start = end == 0 ? origins[0] - margin : origins[end] + margin
            if let failure = Self.playRandomly(from: Instant(microseconds: start), steps: 60, using: &random,
                                               Engine(DefaultGestures.make())) {
                Issue.record("run \(run) from \(start), default gestures: \(failure)")
                return
            }
            if let failure = Self.playRandomly(from: Instant(microseconds: start), steps: 60, using: &random,
                                               Engine(LongPressGesture(minimumDuration: 2))) {
                Issue.record("run \(run) from \(start), a 2 s long-press: \(failure)")
                return
            }
        }
    }

    /// Plays `steps` random steps; the first broken invariant, or nil.
    static func playRandomly<G: Gesture>(from start: Instant, steps: Int, using random: inout SplitMix64,
                                         _ engine: Engine<G>) -> String? {
        var engine = engine
        var events = GestureEventBuffer()
        var time = start
        var fingers: [Contact] = []
        var lastEvent = Instant(microseconds: .min)
        for step in 0..<steps {
            // Steps of up to 3 s, saturating at the end of the clock as a live timestamp would.
            time = time + Interval(microseconds: Int64.random(in: 0...3_000_000, using: &random))
            events.removeAll()
            switch Int.random(in: 0..<10, using: &random) {
            case 0..<5:
                if fingers.isEmpty || Bool.random(using: &random) {
                    fingers = (0..<Int.random(in: 1...3, using: &random)).map {
                        Contact(id: Int32($0), x: Double.random(in: 0...100, using: &random),
                                y: Double.random(in: 0...100, using: &random))
                    }
                } else {
                    fingers = fingers.map { Contact(id: $0.id, x: $0.position.x + 0.5, y: $0.position.y) }
                }
                engine.process(TouchFrame(time: time, contacts: fingers), into: &events)
            case 5..<7:
                fingers = []
                engine.process(TouchFrame(time: time, contacts: []), into: &events)
            case 7..<9:
                engine.advance(to: time, into: &events)
            default:
                engine.reset(at: time, into: &events)
                fingers = []
            }
            for event in events.events {
                guard event.time >= lastEvent else { return "step \(step): an event at \(event.time) after one at \(lastEvent)" }
                lastEvent = event.time
            }
            guard events.count <= 64 else { return "step \(step): \(events.count) events in one step" }
            if let deadline = engine.nextDeadline, deadline < engine.now {
                return "step \(step): a deadline at \(deadline), before the engine's time \(engine.now)"
            }
        }
        events.removeAll()
        engine.endOfInput(into: &events)
        guard events.count <= 64 else { return "end of input: \(events.count) events" }
        return nil
    }
}

/// A small deterministic generator (Steele, Lea and Flood's SplitMix64): a fuzz run that fails
/// fails the same way every time.
struct SplitMix64: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
