import Foundation
import Glibc
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// libinput's own touchpad gestures, passed through with `"source":"libinput"`.
    /// The touchpad is the HP Spectre's of the corpus: a 5-slot pad with a resolution, which no
    /// bundled recording has.
    @Suite(.serialized, .needsCorpus)
    struct LibinputPassThroughTests {
        @Test func libinputSwipeIsPassedThrough() throws {
            let events = SyntheticTouches.events(
                fingers: [(start: (1500, 800), end: (1500, 2200)), (start: (2500, 800), end: (2500, 2200)),
                          (start: (3500, 800), end: (3500, 2200))],
                frames: 30)
            let lines = try libinputGestures(events)
            #expect(lines.contains { $0["gesture"] as? String == "swipe" && $0["phase"] as? String == "began"
                    && $0["fingers"] as? Int == 3 }, "\(lines)")
            #expect(lines.contains { $0["gesture"] as? String == "swipe" && $0["phase"] as? String == "ended" })
        }

        @Test func libinputPinchIsPassedThrough() throws {
            let events = SyntheticTouches.events(
                fingers: [(start: (2300, 1500), end: (1000, 800)), (start: (2700, 1600), end: (4000, 2300))],
                frames: 30)
            let lines = try libinputGestures(events)
            let pinch = lines.filter { $0["gesture"] as? String == "pinch" }
            #expect(pinch.first?["phase"] as? String == "began", "\(lines)")
            #expect(pinch.last?["phase"] as? String == "ended")
            #expect((pinch.last?["scale"] as? Double ?? 0) > 1.5, "\(pinch)")
        }

        /// Plays `events` on an emulated 5-slot touchpad (the HP Spectre's ELAN pad of the corpus)
        /// and returns the lines libinput's gestures produced.
        private func libinputGestures(_ events: [InputEvent]) throws -> [[String: Any]] {
            let recording = try RecordingLoader.load(path: Corpus.path("ml-hp-spectre-x360-elan07ce.palm-then-finger.yml"))
            let description = try #require(recording.devices.first).description
            let files = EmulatedDeviceFiles(number: 11, description: description)
            let testbed = Testbed()
            let node = try testbed.add(files)
            // libinput only: umockdev's node is one PTY, so a second reader would take events from it.
            let tactile = try TactileProcess(["run", "--touchpad-source", "libinput", "--device", files.node], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(files.node) }, "not added: \(tactile.errors)")
            EventStream.play(events, to: node)
            usleep(500_000)
            #expect(tactile.terminate() == 0)
            return tactile.gestures.filter { $0["source"] as? String == "libinput" }
        }
    }
}
