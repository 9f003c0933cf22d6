import Testing
import TactileTestSupport
@testable import TactileConfiguration
import TactileCore

/// The default set as `tactile config --default` writes it, in the language of declared gestures:
/// declared with `default = off`, those lines recognize what the built-in set does, event for
/// event (but for the names declared gestures carry), so the printed default is the whole truth.
@Suite("the default set, declared")
struct DefaultDeclarationsTests {
    /// A touchscreen of 293 × 165 mm, whose edges have edge swipes.
    static var tuning: GestureTuning {
        var tuning = GestureTuning()
        tuning.surface = SurfaceSize(width: 293, height: 165)
        return tuning
    }

    /// Fingers at `points` (mm) from `start` to `end` ms, moving linearly to `to`, a frame every 10 ms.
    static func move(_ points: [Point], to: [Point], from start: Int, to end: Int) -> [TouchFrame] {
        stride(from: start, through: end, by: 10).map { time in
            let t = end == start ? 1 : Double(time - start) / Double(end - start)
            let contacts = zip(points, to).enumerated().map { id, pair in
                Contact(id: Int32(id), x: pair.0.x + (pair.1.x - pair.0.x) * t, y: pair.0.y + (pair.1.y - pair.0.y) * t)
            }
            return TouchFrame(time: Instant(microseconds: Int64(time) * 1_000), contacts: contacts)
        }
    }

    static func lift(at time: Int) -> TouchFrame { TouchFrame(time: Instant(microseconds: Int64(time) * 1_000), contacts: []) }

    static func p(_ x: Double, _ y: Double) -> Point { Point(x: x, y: y) }

    /// What people do: taps of one to three fingers, single and double; a press, still and then
    /// moving; swipes; a pinch that turns; a swipe in from an edge.
    static var scripts: [(String, [TouchFrame])] { [
        ("tap", move([p(100, 80)], to: [p(100, 80)], from: 0, to: 60) + [lift(at: 70)]),
        ("two-finger double tap", move([p(100, 80), p(120, 80)], to: [p(100, 80), p(120, 80)], from: 0, to: 60)
            + [lift(at: 70)] + move([p(101, 80), p(121, 80)], to: [p(101, 80), p(121, 80)], from: 200, to: 260)
            + [lift(at: 270)]),
        ("press, then drag", move([p(100, 80)], to: [p(100, 80)], from: 0, to: 800)
            + move([p(100, 80)], to: [p(160, 80)], from: 810, to: 1100) + [lift(at: 1110)]),
        ("press held", move([p(100, 80)], to: [p(100, 80)], from: 0, to: 900) + [lift(at: 910)]),
        ("three-finger swipe", move([p(150, 80), p(170, 80), p(190, 80)], to: [p(90, 82), p(110, 82), p(130, 82)],
                                    from: 0, to: 300) + [lift(at: 310)]),
        ("pinch that turns", move([p(100, 80), p(120, 80)], to: [p(80, 70), p(140, 95)], from: 0, to: 400) + [lift(at: 410)]),
        ("in from the left edge", move([p(1, 80)], to: [p(60, 80)], from: 0, to: 300) + [lift(at: 310)]),
    ] }

    /// The events `gesture` makes of `frames`, names aside.
    static func events<G: Gesture>(_ gesture: G, _ frames: [TouchFrame]) -> [GestureEvent] {
        Engine.events(gesture, frames, thenUntil: Instant(microseconds: 5_000_000)).map { event in
            var unnamed = event
            unnamed.label = 0
            return unnamed
        }
    }

    @Test("declared with default = off, the printed default recognizes what the built-in set does")
    func theDeclarationsAreTheDefaultSet() throws {
        let declared = DefaultGestures.declarations.map { "\($0.name) = \($0.expression)" }.joined(separator: "\n")
        let configuration = try Configuration.parse("[gestures]\n\(declared)\ndefault = off\n", file: "default")
        #expect(configuration.gestures.map(\.name) == DefaultGestures.declarations.map(\.name))
        for (name, frames) in Self.scripts {
            let builtIn = Self.events(DefaultGestures.make(Self.tuning), frames)
            #expect(!builtIn.isEmpty, "\(name)")
            #expect(Self.events(configuration.makeGestureSet(forDevice: "screen", base: Self.tuning), frames) == builtIn,
                    "\(name)")
        }
        // And tactile config --default prints them, commented: the default set runs without names.
        for (name, expression) in DefaultGestures.declarations {
            #expect(Configuration.defaultText.contains("\n# \(name) = \(expression)\n"))
        }
    }
}
