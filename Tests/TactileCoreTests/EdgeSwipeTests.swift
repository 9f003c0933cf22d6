import Testing
import TactileCore

@Suite("Edge swipes")
struct EdgeSwipeTests {
    /// A touchscreen (a 13.3-inch panel) and a touchpad, both in mm.
    static let screen = SurfaceSize(width: 293, height: 165)
    static let pad = SurfaceSize(width: 100, height: 60)

    /// What the default set makes of one finger moving in a straight line from `from` to `to`
    /// over 300 ms on `surface`: the summaries of its began and ended.
    static func stroke(on surface: SurfaceSize, from: (Double, Double), to: (Double, Double),
                       zone: Double = GestureDefaults.edgeSwipeZoneMillimetres, isTouchscreen: Bool = true,
                       edgeSwipes: EdgeSwipes = .touchscreens) -> [String] {
        var tuning = GestureTuning()
        tuning.surface = surface
        tuning[.edgeSwipeZone] = zone
        tuning.surfaceIsTouchscreen = isTouchscreen
        tuning.edgeSwipes = edgeSwipes
        var engine = Engine(DefaultGestures.make(tuning))
        let events = eventsOf(&engine, path(from: 0, to: 300, [from], [to]) + [lift(310)])
        return events.filter { !$0.contains(".changed") }
    }

    @Test("a swipe in from each edge of a screen and of a pad is an edge swipe with its edge and direction",
          arguments: [screen, pad], SurfaceEdge.allCases)
    func fromEachEdge(surface: SurfaceSize, edge: SurfaceEdge) {
        let (w, h) = (surface.width, surface.height)
        let (from, to, direction): ((Double, Double), (Double, Double), String) = switch edge {
        case .top: ((w / 2, 2), (w / 2, 42), "down")  // y grows downward: in from the top is down
        case .bottom: ((w / 2, h - 2), (w / 2, h - 42), "up")
        case .left: ((1, h / 2), (41, h / 2), "right")
        case .right: ((w - 1, h / 2), (w - 41, h / 2), "left")
        }
        #expect(Self.stroke(on: surface, from: from, to: to)
                    == ["100.0ms #1 edge-swipe.began f1 from \(edge.rawValue)",
                        "310.0ms #1 edge-swipe.ended f1 from \(edge.rawValue) \(direction)"])
    }

    @Test("the zone's boundary: landing exactly at its width counts, just beyond it is a drag", arguments: [
        (5.0, "edge-swipe"), (4.9, "edge-swipe"), (5.1, "drag"), (0.0, "edge-swipe"),
    ])
    func zoneBoundary(landing: Double, expected: String) {
        let events = Self.stroke(on: Self.screen, from: (landing, 80), to: (landing + 40, 80))
        #expect(events.first == "100.0ms #1 \(expected).began f1" + (expected == "edge-swipe" ? " from left" : ""))
    }

    @Test("a configured zone moves the boundary")
    func configuredZone() {
        #expect(Self.stroke(on: Self.screen, from: (8, 80), to: (48, 80), zone: 10).first
                    == "100.0ms #1 edge-swipe.began f1 from left")
    }

    @Test("landing in the zone and running along the edge is a drag; so is landing elsewhere and crossing the zone")
    func notInward() {
        #expect(Self.stroke(on: Self.screen, from: (2, 40), to: (2, 120))
                    == ["100.0ms #1 drag.began f1", "310.0ms #1 drag.ended f1 down"])
        #expect(Self.stroke(on: Self.screen, from: (60, 80), to: (1, 80))
                    == ["100.0ms #1 drag.began f1", "310.0ms #1 drag.ended f1 left"])
    }

    @Test("in a corner the motion picks the edge: the one it leaves head-on", arguments: [
        // From the top-left corner: right is in from the left, down in from the top.
        ((3.0, 2.0), (43.0, 2.0), "left", "right"), ((3, 2), (3, 42), "top", "down"),
        // From the top-right corner, the right-side scroll down: in from the top on a screen.
        ((291, 3), (291, 43), "top", "down"), ((291, 3), (251, 3), "right", "left"),
        ((2, 163), (2, 123), "bottom", "up"), ((292, 162), (252, 162), "right", "left"),
    ])
    func corners(from: (Double, Double), to: (Double, Double), edge: String, direction: String) {
        #expect(Self.stroke(on: Self.screen, from: from, to: to)
                    == ["100.0ms #1 edge-swipe.began f1 from \(edge)", "310.0ms #1 edge-swipe.ended f1 from \(edge) \(direction)"])
    }

    @Test("from a corner, a stroke that leaves neither edge head-on is a drag")
    func cornerDiagonal() {
        #expect(Self.stroke(on: Self.screen, from: (2, 2), to: (42, 42))
                    == ["100.0ms #1 drag.began f1", "310.0ms #1 drag.ended f1 down-right"])
    }

    @Test("a touchpad has no edge swipes unless they are turned on for it; a touchscreen's can be turned off",
          arguments: [(false, EdgeSwipes.touchscreens, "drag"), (false, .on, "edge-swipe"), (false, .off, "drag"),
                      (true, .touchscreens, "edge-swipe"), (true, .on, "edge-swipe"), (true, .off, "drag")])
    func devicesWithEdgeSwipes(isTouchscreen: Bool, edgeSwipes: EdgeSwipes, expected: String) {
        let events = Self.stroke(on: Self.pad, from: (1, 30), to: (41, 30), isTouchscreen: isTouchscreen,
                                 edgeSwipes: edgeSwipes)
        #expect(events.first == "100.0ms #1 \(expected).began f1" + (expected == "edge-swipe" ? " from left" : ""))
        #expect(events.last == "310.0ms #1 \(expected).ended f1" + (expected == "edge-swipe" ? " from left" : "") + " right")
    }

    @Test("a tap and a long-press at an edge are still a tap and a long-press")
    func tapsAndPressesAtTheEdge() {
        var tuning = GestureTuning()
        tuning.surface = Self.screen
        var engine = Engine(DefaultGestures.make(tuning))
        #expect(eventsOf(&engine, [touch(0, (1, 80)), lift(80), wait(until: 500)])
                    == ["380.0ms #1 tap.ended f1 x1"])
        var pressing = Engine(DefaultGestures.make(tuning))
        #expect(eventsOf(&pressing, [touch(0, (292, 1)), wait(until: 550)])
                    == ["500.0ms #1 long-press.began f1 tick0 500.0ms"])
    }

    @Test("fingers that land in no edge's zone reject the edge swipe on their first frame; in a zone it waits",
          arguments: [((146.0, 80.0), Decision.rejected), ((2, 80), .undecided), ((146, 163), .undecided)])
    func rejectsWhereItCannotBegin(landing: (Double, Double), expected: Decision) {
        var swipe = EdgeSwipeGesture(surface: Self.screen)
        var events = GestureEventBuffer()
        let frame = TouchFrame(time: Instant(microseconds: 0), contacts: [Contact(id: 0, x: landing.0, y: landing.1)])
        swipe.step(.frame(TouchInput(frame)), into: &events)
        #expect(swipe.decision == expected)
        #expect(events.isEmpty)
    }

    @Test("a device whose size is unknown has no edge swipes, only drags")
    func unknownSurface() {
        var engine = Engine(DefaultGestures.make(GestureTuning()))
        let events = eventsOf(&engine, path(from: 0, to: 300, [(1, 80)], [(41, 80)]) + [lift(310)])
        #expect(events.first == "100.0ms #1 drag.began f1")
    }

    @Test("two fingers in from the right edge are a two-finger edge swipe: moving together, they tie the drag, and win it early",
          arguments: [(1.5, "20.0ms"), (Double.infinity, "100.0ms")])
    func twoFingers(togetherDistance: Double, began: String) {
        var tuning = GestureTuning()
        tuning.surface = Self.pad
        tuning[.dragTogetherDistance] = togetherDistance
        var engine = Engine(DefaultGestures.make(tuning))
        let events = eventsOf(&engine, path(from: 0, to: 300, [(98, 20), (98, 40)], [(58, 20), (58, 40)]) + [lift(310)])
        // 1.33 mm a frame: each finger past 1.5 mm on the second frame after touch-down; with
        // drag.together-distance off, the edge swipe waits for its landing to settle.
        #expect(events.first == "\(began) #1 edge-swipe.began f2 from right")
        #expect(events.last == "310.0ms #1 edge-swipe.ended f2 from right left")
    }
}
