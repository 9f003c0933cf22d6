import Foundation
import Glibc
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileSystem
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// Devices plugged in and out while `tactile run` reads the udev seat: udevd's announcements
    /// reach Tactile's udev monitor (see `UdevAnnouncement` for why the test sends them itself).
    @Suite(.serialized)
    struct HotPlugTests {
        /// Two touchscreens with one-finger drags, different names so the output tells them apart.
        static func recordings() throws -> (first: RecordedDevice, second: RecordedDevice) {
            let first = try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.1-finger-drag-up-down.evemu"))
            let second = try RecordingLoader.load(path: Corpus.path("evd-elan-cando.1-finger-drag-up-down.events"),
                                                  descriptionPath: Corpus.path("evd-elan-cando.desc"))
            return (first.devices[0], second.devices[0])
        }

        @Test func deviceAddedWhileRunningIsReadUntilRemovedAndAnotherCanFollow() throws {
            let (first, second) = try Self.recordings()
            let firstFiles = EmulatedDeviceFiles(number: 9, description: first.description)
            let secondFiles = EmulatedDeviceFiles(number: 10, description: second.description)
            let testbed = Testbed()
            let firstNode = try testbed.add(firstFiles)
            let tactile = try TactileProcess(["run", "--verbose"], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(firstFiles.node) }, "\(tactile.errors)")

            let plug = try testbed.plug(secondFiles)
            #expect(plug.monitors == 1, "the udev monitor did not get the announcement")
            #expect(tactile.waitFor { $0.errors.contains("\(secondFiles.node): touchscreen") }, "\(tactile.errors)")
            #expect(tactile.descriptorsOpen(on: secondFiles) > 0)
            let secondShift = EventStream.play(second.events, to: plug.node)
            // Read to its last gesture before the device goes.
            #expect(tactile.waitFor { $0.lines(of: second.description.name) == replayedLines(second, shiftedBy: secondShift) })

            #expect(testbed.unplug(secondFiles) == 1)
            #expect(tactile.waitFor { $0.descriptorsOpen(on: secondFiles) == 0 }, "the removed node is still open")
            // Reading the first device goes on as before.
            let firstShift = EventStream.play(first.events, to: firstNode)
            #expect(tactile.waitFor { $0.lines(of: first.description.name) == replayedLines(first, shiftedBy: firstShift) })
            // Plugged in again it is a new node (umockdev cannot recreate a removed one).
            let again = EmulatedDeviceFiles(number: 11, description: second.description)
            _ = try testbed.plug(again)
            #expect(tactile.waitFor { $0.errors.contains("\(again.node): touchscreen") }, "\(tactile.errors)")
            #expect(tactile.terminate() == 0)

            // Both print what their replays print, byte for byte: the plugged device's drag ended
            // before it was unplugged, so nothing of it was cancelled.
            #expect(tactile.lines(of: first.description.name) == replayedLines(first, shiftedBy: firstShift))
            let plugged = tactile.lines(of: second.description.name)
            #expect(!plugged.isEmpty)
            #expect(plugged == replayedLines(second, shiftedBy: secondShift), "\(tactile.errors)")
        }

        @Test func deviceRemovedMidGestureEndsItsGestureCancelledAndOthersGoOn() throws {
            let (first, second) = try Self.recordings()
            let firstFiles = EmulatedDeviceFiles(number: 9, description: first.description)
            let secondFiles = EmulatedDeviceFiles(number: 10, description: second.description)
            let testbed = Testbed()
            let firstNode = try testbed.add(firstFiles)
            let secondNode = try testbed.add(secondFiles)
            let tactile = try TactileProcess(["run", "--verbose"], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(firstFiles.node) && $0.errors.contains(secondFiles.node) },
                    "\(tactile.errors)")

            // The second device's finger goes down and moves for 40 frames, then the device is
            // unplugged with the finger still down, while the first device's drag goes on.
            let secondFrames = EventStream.frames(second.events[...])
            let cut = secondFrames[39].last!
            let start = monotonicNow().microseconds + 100_000
            let firstShift = start - first.events[0].time.microseconds
            let secondShift = start + 100_000 - second.events[0].time.microseconds
            let unplugAt = cut.time.microseconds + secondShift + 100_000
            try #require(unplugAt < first.events.last!.time.microseconds + firstShift - 200_000,
                         "the first drag must still be going on when the second device goes")
            var timeline = Timeline()
            timeline.add(first.events[...], to: firstNode, shiftedBy: firstShift)
            timeline.add(second.events[..<secondFrames[39].endIndex], to: secondNode, shiftedBy: secondShift)
            timeline.add(at: unplugAt) { testbed.unplug(secondFiles) }
            timeline.run()
            #expect(tactile.waitFor { $0.lines(of: first.description.name) == replayedLines(first, shiftedBy: firstShift) })
            #expect(tactile.terminate() == 0)

            let removed = lines(tactile, of: second).map { "\($0["gesture"] as? String ?? "?") \($0["phase"] as? String ?? "?")" }
            #expect(removed.first == "drag began", "\(removed)")
            #expect(removed.last == "drag cancelled", "\(removed) \(tactile.errors)")
            #expect(removed.dropFirst().dropLast().allSatisfy { $0 == "drag changed" }, "\(removed)")
            #expect(tactile.lines(of: first.description.name) == replayedLines(first, shiftedBy: firstShift))
        }

        @Test func deviceRemovedMidGestureReleasesTheKeysItsGestureHeld() throws {
            let (_, second) = try Self.recordings()
            let files = EmulatedDeviceFiles(number: 10, description: second.description)
            let testbed = Testbed()
            let node = try testbed.add(files)
            let directory = URL(fileURLWithPath: testbed.root)
            let config = directory.appendingPathComponent("keys.conf")
            try "[bindings]\ndrag phase=began => key-down super+alt\n".write(to: config, atomically: true, encoding: .utf8)
            let uinput = EmulatedUinput(directory: directory)
            let tactile = try TactileProcess(["run", "--verbose", "--bindings", "--config", config.path], testbed: testbed,
                                             environment: try uinput.environment())
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(files.node) }, "\(tactile.errors)")

            // The finger goes down and moves for 40 frames; the device goes with it still down.
            let frames = EventStream.frames(second.events[...])
            let start = monotonicNow().microseconds + 100_000
            let shift = start - second.events[0].time.microseconds
            var timeline = Timeline()
            timeline.add(second.events[..<frames[39].endIndex], to: node, shiftedBy: shift)
            timeline.add(at: frames[39].last!.time.microseconds + shift + 100_000) { testbed.unplug(files) }
            timeline.run()
            #expect(tactile.waitFor { $0.output.contains(#""phase":"cancelled""#) }, "\(tactile.output)")
            #expect(tactile.terminate() == 0)

            let phases = uinput.lines.compactMap { line -> String? in
                guard line.hasPrefix("stdout ") else { return line }
                for phase in ["began", "ended", "cancelled"] where line.contains(#""phase":"\#(phase)""#) { return phase }
                return nil
            }
            #expect(phases == EmulatedUinput.creation(["leftmeta", "leftalt"]) + ["began"] + press("leftmeta") + press("leftalt")
                + ["cancelled"] + release("leftalt") + release("leftmeta") + EmulatedUinput.removal)
        }

        private func lines(_ tactile: TactileProcess, of device: RecordedDevice) -> [[String: Any]] {
            tactile.gestures.filter { $0["device"] as? String == device.description.name }
        }
    }
}
