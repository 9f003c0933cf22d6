import TactileCore
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

/// Drags that start near a touchpad's edge, from recordings: what the person did (a scroll, a
/// swipe along the top) is a drag, never an edge swipe, unless the configuration turns the pad's
/// edge swipes on. Where no recording starts at the edge the issue saw it start, a real one is
/// moved there: the same hand, the same path, a few millimetres over.
@Suite("Drags at a touchpad's edge")
struct TouchpadEdgeTests {
    /// The ended events of `recording`'s gestures, as "kind f<fingers> [from <edge>] <direction>",
    /// replayed with the default set; `edgeSwipes` as a configuration would set it for the device.
    static func endings(_ recording: Recording, edgeSwipes: EdgeSwipes = .touchscreens) -> [String] {
        var replayer = Replayer(recording: recording, setup: { device in
            DeviceSetup(gestures: { geometry in
                var tuning = GestureTuning(for: device, geometry: geometry)
                tuning.edgeSwipes = edgeSwipes
                return DefaultGestures.make(tuning)
            })
        })
        var endings: [String] = []
        replayer.run(gesture: { _, event in
            guard event.phase == .ended else { return }
            switch event.payload {
            case .drag(_, _, let direction):
                endings.append("drag f\(event.fingers) \(direction?.rawValue ?? "none")")
            case .edgeSwipe(let edge, _, _, let direction):
                endings.append("edge-swipe f\(event.fingers) from \(edge.rawValue) \(direction?.rawValue ?? "none")")
            default: return
            }
        })
        return endings
    }

    static func load(_ name: String) throws -> Recording {
        try RecordingLoader.load(path: Corpus.path(name), descriptionPath: Corpus.descriptionPath(for: name))
    }

    /// `recording` with every position mirrored top to bottom when `flipped`, then moved `right`
    /// and `down` millimetres (on the device's surface as replay measures it).
    static func moved(_ recording: Recording, right: Double = 0, down: Double, flipped: Bool = false) -> Recording {
        var moved = recording
        for index in moved.devices.indices {
            let description = moved.devices[index].description
            let geometry = DeviceGeometry(description: description)
            let (dx, dy) = (Int32(right * geometry.unitsPerMillimetreX), Int32(down * geometry.unitsPerMillimetreY))
            moved.devices[index].events = moved.devices[index].events.map { event in
                guard event.type == EventType.abs, let axis = description.absInfo[event.code] else { return event }
                var event = event
                switch event.code {
                case AbsCode.x, AbsCode.mtPositionX: event.value += dx
                case AbsCode.y, AbsCode.mtPositionY:
                    if flipped { event.value = axis.maximum + axis.minimum - event.value }
                    event.value += dy
                default: break
                }
                return event
            }
        }
        return moved
    }

    @Test("a touch tablet's one- and two-finger swipes right along the top, from its top-left corner, are drags",
          arguments: [("evd-wacom-bamboo16fg.single-top-swipe.events", 1), ("evd-wacom-bamboo16fg.double-top-swipe.events", 2)])
    func swipesAlongTheTop(name: String, fingers: Int) throws {
        let recording = try Self.load(name)
        #expect(Self.endings(recording) == ["drag f\(fingers) right"])
        #expect(Self.endings(recording, edgeSwipes: .on) == ["edge-swipe f\(fingers) from left right"])
    }

    @Test("a two-finger scroll down that starts 4 mm from the top is a drag")
    func scrollDownFromNearTheTop() throws {
        let recording = try Self.load("evd-wacom-bamboo16fg.double-center-scroll.events")
        #expect(Self.endings(recording) == ["drag f2 down"])
        #expect(Self.endings(recording, edgeSwipes: .on) == ["edge-swipe f2 from top down"])
    }

    @Test("a clickpad's two-finger scroll up, moved to start 2.4 mm from the bottom, is a drag")
    func scrollUpFromTheBottom() throws {
        let recording = Self.moved(try Self.load("xit-synaptics-clickpad.two-finger-scroll-up.events"), down: 17)
        #expect(Self.endings(recording) == ["drag f2 up"])
        #expect(Self.endings(recording, edgeSwipes: .on) == ["edge-swipe f2 from bottom up"])
    }

    @Test("a clickpad's two-finger scroll down, moved to start 3.3 mm from the top, is a drag")
    func scrollDownFromTheTop() throws {
        let recording = Self.moved(try Self.load("xit-synaptics-clickpad.two-finger-scroll-down.events"), down: -11)
        #expect(Self.endings(recording) == ["drag f2 down"])
    }

    /// The right-edge scroll of a GlidePoint, turned upside down and moved into the top-right
    /// corner: a one-finger scroll down the pad's right side that lands in the corner.
    @Test("a one-finger scroll down the right side that lands in the top-right corner is a drag down")
    func scrollDownTheRightSideFromTheCorner() throws {
        let recording = Self.moved(try Self.load("evd-alps-glidepoint.right-edge-scroll.events"),
                                   right: 7, down: -12, flipped: true)
        #expect(Self.endings(recording) == ["drag f1 down"])
        // Turned on, the corner goes to the edge the finger leaves head-on: down is in from the top.
        #expect(Self.endings(recording, edgeSwipes: .on) == ["edge-swipe f1 from top down"])
    }
}
