import Foundation
import TactileTestSupport
import Testing
import TactileCore
import TactileEvdev
import TactileRecordings

/// The circle: fingers going round, told from strokes that turn less or on the spot, and kept out
/// of the default set's way. Synthetic frames through the core, then the corpus's two recordings
/// of fingers circling a Wacom tablet.
@Suite("Circles")
struct CircleGestureTests {
    /// `fingers` fingers 10 mm apart whose centroid goes `turns` times round (60, 40) at `radius`
    /// mm, a turn a second, a frame every 10 ms (a touchscreen's 100 Hz), starting at 0°;
    /// `clockwise` as seen on the surface, y growing downward. Then they lift.
    static func round(turns: Double, radius: Double, clockwise: Bool = true, fingers: Int = 1) -> [TouchFrame] {
        let frames = Int(turns * 100)
        let sign = clockwise ? 1.0 : -1.0
        return (0...frames).map { step in
            let angle = sign * Double(step) / 100 * 2 * .pi
            let centre = Point(x: 60 + radius * cos(angle), y: 40 + radius * sin(angle))
            let contacts = (0..<fingers).map { finger in
                Contact(id: Int32(finger), x: centre.x + (Double(finger) - Double(fingers - 1) / 2) * 10, y: centre.y)
            }
            return TouchFrame(time: Instant(microseconds: Int64(step) * 10_000), contacts: contacts)
        } + [TouchFrame(time: Instant(microseconds: Int64(frames + 1) * 10_000), contacts: [])]
    }

    /// A path through `points`, 1 mm a frame, then a lift.
    static func stroke(_ points: [Point]) -> [TouchFrame] {
        var frames: [TouchFrame] = []
        for (from, to) in zip(points, points.dropFirst()) {
            let length = ((to.x - from.x) * (to.x - from.x) + (to.y - from.y) * (to.y - from.y)).squareRoot()
            for step in 0..<Int(length) {
                let t = Double(step) / length
                let point = Point(x: from.x + (to.x - from.x) * t, y: from.y + (to.y - from.y) * t)
                frames.append(TouchFrame(time: Instant(microseconds: Int64(frames.count) * 10_000),
                                         contacts: [Contact(id: 0, x: point.x, y: point.y)]))
            }
        }
        return frames + [TouchFrame(time: Instant(microseconds: Int64(frames.count) * 10_000), contacts: [])]
    }

    /// The events `gesture` makes of `frames`, in order.
    static func events<G: Gesture>(_ gesture: G, _ frames: [TouchFrame]) -> [GestureEvent] {
        Engine.events(gesture, frames)
    }

    static var circle: CircleGesture { GestureTuning().circle() }

    @Test("a turn and a quarter each way: began past 270°, ended near the angle gone round, its sign the way",
          arguments: [true, false], [1, 2])
    func roundEachWay(clockwise: Bool, fingers: Int) throws {
        let events = Self.events(Self.circle, Self.round(turns: 1.25, radius: 15, clockwise: clockwise, fingers: fingers))
        let began = try #require(events.first)
        let ended = try #require(events.last)
        #expect(began.kind == .circle && began.phase == .began && began.fingers == fingers)
        #expect(ended.kind == .circle && ended.phase == .ended && ended.fingers == fingers)
        let sign = clockwise ? 1.0 : -1.0
        #expect(sign * began.payload.readings.angle.degrees >= 270 && sign * began.payload.readings.angle.degrees < 300)
        // 450° gone round, less up to a chord at either end (7° each here): the first only sets
        // the heading, and the last is still short when the fingers lift.
        #expect(abs(sign * ended.payload.readings.angle.degrees - 450) < 15, "\(ended.payload)")
        let changed = events.filter { $0.phase == .changed }
        #expect(!changed.isEmpty && changed.allSatisfy { $0.kind == .circle })
        // The centroid of the fingers, round the circle.
        #expect(abs(ended.location.x - 60) <= 15.1 && abs(ended.location.y - 40) <= 15.1)
    }

    @Test("a straight drag, an L, a U-turn and a zig-zag are no circles")
    func strokesThatTurnLess() {
        let strokes: [[Point]] = [
            [Point(x: 10, y: 10), Point(x: 90, y: 10)],
            [Point(x: 10, y: 10), Point(x: 60, y: 10), Point(x: 60, y: 60)],
            [Point(x: 10, y: 10), Point(x: 60, y: 10), Point(x: 62, y: 14), Point(x: 10, y: 16)],
            [Point(x: 10, y: 10), Point(x: 20, y: 20), Point(x: 30, y: 10), Point(x: 40, y: 20), Point(x: 50, y: 10),
             Point(x: 60, y: 20), Point(x: 70, y: 10)],
        ]
        for points in strokes { #expect(Self.events(Self.circle, Self.stroke(points)).isEmpty, "\(points)") }
    }

    @Test("--explain says why a circle on the spot did not begin: its radius, under circle.minimum-radius")
    func explainedTooSmall() {
        var explanations: [Explanation] = []
        let log = ExplanationLog { explanations.append($0) }
        _ = Self.events(Explained(Self.circle, log: log), Self.round(turns: 2, radius: 2))
        let shortfall = explanations.first { $0.reason == .heldBack }
        #expect(shortfall?.key == "circle.minimum-radius" && shortfall?.limit == 5)
        #expect((shortfall?.measured).map { abs($0 - 2) < 0.5 } == true, "\(String(describing: shortfall))")
        #expect(!explanations.contains { $0.reason == .liftedBeforeThreshold })
        // Not far enough round: the angle is what it says.
        explanations.removeAll()
        _ = Self.events(Explained(Self.circle, log: log), Self.round(turns: 0.5, radius: 15))
        #expect(explanations.contains { $0.reason == .liftedBeforeThreshold && $0.key == "circle.minimum-angle" })
    }

    @Test("circling on the spot, below the minimum radius, is no circle; above it, one")
    func theMinimumRadius() {
        #expect(Self.events(Self.circle, Self.round(turns: 2, radius: 2)).isEmpty)
        var tuning = GestureTuning()
        tuning[.circleMinimumRadius] = 1
        #expect(Self.events(tuning.circle(), Self.round(turns: 2, radius: 2)).first?.phase == .began)
    }

    @Test("declared before the default set it never takes a drag; after a long-press it has the fingers to itself")
    func besideTheDefaultSet() {
        let drag = Self.stroke([Point(x: 10, y: 10), Point(x: 90, y: 10)])
        let withDefault = Arena(Self.circle, DefaultGestures.make())
        #expect(Self.events(withDefault, drag).map(\.kind) == Self.events(DefaultGestures.make(), drag).map(\.kind))
        // Round and round: the default set's drag accepts at 5 mm, long before three-quarters of a turn.
        #expect(Self.events(withDefault, Self.round(turns: 1.25, radius: 15)).allSatisfy { $0.kind == .drag })
        // Held half a second, then round: `long-press then circle`.
        let held = (0...60).map { TouchFrame(time: Instant(microseconds: Int64($0) * 10_000), contacts: [Contact(id: 0, x: 75, y: 40)]) }
        let round = Self.round(turns: 1.25, radius: 15).map { frame in
            var later = frame
            later.time = Instant(microseconds: frame.time.microseconds + 610_000)
            return later
        }
        let composed = Arena(GestureTuning().longPress(fingers: 1...1).sequenced(before: Self.circle), DefaultGestures.make())
        let kinds = Self.events(composed, held + round).filter { $0.phase != .changed }.map { "\($0.kind.rawValue).\($0.phase)" }
        #expect(kinds == ["long-press.began", "long-press.ended", "circle.began", "circle.ended"])
    }

    /// The circles of a recording, with the default set off: each gesture's began and ended angles.
    static func circles(in name: String, fingers: ClosedRange<Int>) throws -> [(began: Double, ended: Double, fingers: Int)] {
        let recording = try RecordingLoader.load(path: Corpus.path(name), descriptionPath: Corpus.descriptionPath(for: name))
        var replayer = Replayer(recording: recording, setup: { device in
            DeviceSetup(gestures: { GestureTuning(for: device, geometry: $0).circle(fingers: fingers) })
        })
        var found: [(began: Double, ended: Double, fingers: Int)] = []
        replayer.run(gesture: { _, event in
            switch event.phase {
            case .began: found.append((event.payload.readings.angle.degrees, .nan, event.fingers))
            case .ended: found[found.count - 1].ended = event.payload.readings.angle.degrees
            case .changed, .cancelled: break
            }
        })
        return found
    }

    @Test("the corpus's fingers circling a Wacom Bamboo: one circle each, going round more than once",
          .needsCorpus, arguments: [("evd-wacom-bamboo16fg.single-center-circle.events", 1...1),
                                    ("evd-wacom-bamboo16fg.double-center-circle.events", 2...2)])
    func corpusCircles(name: String, fingers: ClosedRange<Int>) throws {
        let circles = try Self.circles(in: name, fingers: fingers)
        #expect(circles.count == 1, "\(circles)")
        let circle = try #require(circles.first)
        #expect(circle.fingers == fingers.lowerBound)
        #expect(abs(circle.ended) > 360 && circle.ended.sign == circle.began.sign, "\(circle)")
    }
}
