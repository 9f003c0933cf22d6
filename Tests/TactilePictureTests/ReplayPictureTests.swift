import Foundation
import TactileCore
import TactilePicture
import Testing

@Suite struct ReplayPictureTests {
    /// Two fingers dragging down together, a tap, and a later tap by a contact with the same id.
    static func dragThenTaps() -> SyntheticReplay {
        var replay = SyntheticReplay()
        for step in 0...30 {
            let y = 20 + Double(step)
            replay.frame(Int64(step) * 10, (id: 1, x: 50, y: y), (id: 2, x: 80, y: y))
        }
        replay.frame(310)
        replay.tap(id: 3, at: 1_000, x: 120, y: 60)
        replay.tap(id: 3, at: 2_000, x: 150, y: 90)
        replay.finish()
        return replay
    }

    @Test func isWellFormedXMLWithOnePathPerContactSequence() throws {
        let svg = try SVGDocument(Self.dragThenTaps().picture.svg())
        #expect(svg.elements.first?.name == "svg")
        #expect(svg.count("path", class: "contact") == 4)
        #expect(svg.count("circle", class: "touch-down") == 4)
        #expect(svg.count("path", class: "lift") == 4)
        #expect(svg.elements.filter { $0.name == "script" || $0.attributes["href"] != nil }.isEmpty)
    }

    @Test func holdsOneMarkPerRecognizedGesture() throws {
        var replay = Self.dragThenTaps()
        // A finger held still for 1.5 s: a long-press with its ticks, then a lift.
        for step in 0...150 { replay.frame(4_000 + Int64(step) * 10, (id: 4, x: 100, y: 100)) }
        replay.frame(5_510)
        replay.finish()
        let gestures = replay.gestures
        let svg = try SVGDocument(replay.picture.svg())

        let marks = svg.elements.filter { $0.name == "g" && $0.classes.first == "gesture" }
        #expect(marks.count == replay.recognizedGestureCount)
        for kind in [GestureKind.tap, .drag, .longPress] {
            let recognized = gestures.filter { $0.kind == kind && ($0.kind == .tap || $0.phase == .began) }.count
            #expect(recognized > 0, "the replay should recognize a \(kind.rawValue)")
            #expect(marks.filter { $0.classes.contains(kind.rawValue) }.count == recognized)
        }
        let ticks = gestures.filter { $0.kind == .longPress && $0.phase == .changed }.count
        #expect(ticks > 0)
        #expect(svg.count("line", class: "tick") == ticks)
        #expect(svg.texts.contains("2f down"))
    }

    @Test func thinsPathsButKeepsTouchDownAndLift() throws {
        var replay = SyntheticReplay()
        // 20 mm in steps of 0.1 mm: 201 reported positions.
        replay.stroke(id: 7, start: 0, from: (10, 10), to: (30, 10), frames: 200)
        replay.finish()
        let svg = try SVGDocument(replay.picture.svg())

        let path = try #require(svg.elements.first { $0.classes.contains("contact") })
        let points = Self.points(path.attributes["d"] ?? "")
        #expect(points.count >= 20 && points.count <= 42, "one point per 0.5 mm, plus the ends; got \(points.count)")
        let down = try #require(svg.elements.first { $0.classes.contains("touch-down") })
        #expect(points.first?.x == Double(down.attributes["cx"] ?? ""))
        #expect(points.first?.y == Double(down.attributes["cy"] ?? ""))
        // The lift's cross is centred on the last reported position.
        let cross = Self.points(try #require(svg.elements.first { $0.classes.contains("lift") }).attributes["d"] ?? "")
        let crossCentre = ((cross[0].x + cross[1].x) / 2, (cross[0].y + cross[1].y) / 2)
        #expect(abs((points.last?.x ?? 0) - crossCentre.0) < 0.11)
        #expect(abs((points.last?.y ?? 0) - crossCentre.1) < 0.11)
    }

    @Test func isDeterministic() {
        #expect(Self.dragThenTaps().picture.svg() == Self.dragThenTaps().picture.svg())
    }

    @Test func escapesDeviceNames() throws {
        let name = "Pad <\"A&B\"> 'n'"
        var replay = SyntheticReplay(name: name)
        replay.tap(id: 1, at: 0, x: 10, y: 10)
        replay.finish()
        let svg = try SVGDocument(replay.picture.svg())
        #expect(svg.texts.contains(name))
    }

    @Test func marksCancelledGestures() throws {
        var picture = ReplayPicture(title: "cancelled", devices: [
            ReplayPicture.Device(name: "Pad", width: 69, height: 50, isSizeEstimated: true)
        ])
        for (milliseconds, phase) in [(0, GesturePhase.began), (100, .changed), (200, .cancelled)] {
            var event = GestureEvent(time: Instant(microseconds: Int64(milliseconds) * 1000), phase: phase,
                                     fingers: 2, location: Point(x: 30, y: 20),
                                     payload: .drag(translation: .zero, velocity: .zero, direction: nil))
            event.sequence = 1
            picture.record(event, device: 0)
        }
        let svg = try SVGDocument(picture.svg())
        #expect(svg.count("g", class: "drag") == 1)
        #expect(svg.texts.contains("2f cancelled"))
        #expect(svg.texts.contains { $0.contains("estimated") })
    }

    @Test func drawsOnePanelPerDeviceOnOneTimeAxis() throws {
        var picture = ReplayPicture(title: "two devices", devices: [
            ReplayPicture.Device(name: "Touchpad", width: 100, height: 60, isSizeEstimated: false),
            ReplayPicture.Device(name: "Touchscreen", width: 300, height: 170, isSizeEstimated: false),
        ])
        picture.record(TouchFrame(time: Instant(microseconds: 0), contacts: [Contact(id: 1, x: 10, y: 10)]), device: 0)
        picture.record(TouchFrame(time: Instant(microseconds: 50_000)), device: 0)
        picture.record(TouchFrame(time: Instant(microseconds: 1_000_000), contacts: [Contact(id: 1, x: 90, y: 90)]), device: 1)
        picture.record(TouchFrame(time: Instant(microseconds: 1_050_000)), device: 1)
        let svg = try SVGDocument(picture.svg())
        #expect(svg.count("g", class: "device") == 2)
        #expect(svg.count("path", class: "contact") == 2)
        #expect(svg.texts.contains("Touchpad") && svg.texts.contains("Touchscreen"))
        // The same contact id on two devices is two contacts, each lifted on its own device.
        #expect(svg.count("path", class: "lift") == 2)
    }

    @Test("edge swipes get their lane and their mark, and the surface shows the zones they start in")
    func drawsEdgeSwipes() throws {
        var replay = SyntheticReplay()
        replay.stroke(id: 1, start: 0, from: (1, 60), to: (61, 60), frames: 30)
        let svg = try SVGDocument(replay.picture.svg())
        #expect(svg.count("path", class: "edge-zones") == 1)
        #expect(svg.texts.contains("edge-swipe"))
        #expect(svg.count("g", class: "edge-swipe") == 1)
        #expect(svg.texts.contains("1f from left right"))
    }

    @Test("a device without edge swipes (a touchpad, unless configured) has no edge-zone band")
    func noZonesWithoutEdgeSwipes() throws {
        var picture = ReplayPicture(title: "touchpad", devices: [
            ReplayPicture.Device(name: "Touchpad", width: 100, height: 60, isSizeEstimated: false, edgeZone: 0),
        ])
        picture.record(TouchFrame(time: Instant(microseconds: 0), contacts: [Contact(id: 1, x: 1, y: 30)]), device: 0)
        picture.record(TouchFrame(time: Instant(microseconds: 50_000)), device: 0)
        let svg = try SVGDocument(picture.svg())
        #expect(svg.count("path", class: "edge-zones") == 0)
        #expect(svg.count("path", class: "contact") == 1)
    }

    @Test func saysSoWhenThereIsNoTouchDevice() throws {
        let svg = try SVGDocument(ReplayPicture(title: "keyboard.evemu", devices: []).svg())
        #expect(svg.texts.contains("No touch device in this recording."))
    }

    @Test
    func rendersToAPNGOfItsDeclaredSize() throws {
        let bytes = Self.dragThenTaps().picture.svg()
        let root = try #require(try SVGDocument(bytes).elements.first)
        let size = try PNGRendering.render(bytes)
        #expect(Double(size.width) == Double(root.attributes["width"] ?? ""))
        #expect(Double(size.height) == Double(root.attributes["height"] ?? ""))
        #expect(size.width >= 600 && size.width <= 2000 && size.height >= 400 && size.height <= 3000)
    }

    /// The (x, y) pairs of a path's `d` made of M and L commands.
    static func points(_ data: String) -> [(x: Double, y: Double)] {
        let numbers = data.split(whereSeparator: { $0 == " " || $0 == "M" || $0 == "L" }).compactMap { Double($0) }
        return stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
    }
}
