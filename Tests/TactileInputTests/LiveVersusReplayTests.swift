import Foundation
import Glibc
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// Real libinput and libevdev reading umockdev-emulated devices, fed the frames of corpus
    /// recordings, must give exactly the gestures `tactile replay` gives for the same recording.
    @Suite(.serialized)
    struct LiveVersusReplayTests {
        @Test func touchscreenThroughLibinputGivesTheReplayGestures() throws {
            let recording = try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.4-finger-drag-down.evemu"))
            try compareLiveWithReplay(recording, arguments: { ["run", "--verbose", "--device", $0.node] })
        }

        @Test func touchscreenOnTheSeatGivesTheReplayGestures() throws {
            let recording = try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.1-finger-drag-up-down.evemu"))
            try compareLiveWithReplay(recording, arguments: { _ in ["run", "--verbose"] })
        }

        @Test func touchpadRawContactsGiveTheReplayGestures() throws {
            let recording = try RecordingLoader.load(
                path: Corpus.path("xit-synaptics-clickpad.two-finger-scroll-down.events"),
                descriptionPath: Corpus.path("xit-synaptics-clickpad.desc"))
            // Raw only: umockdev's node is one PTY, so libinput reading it too would take events away.
            try compareLiveWithReplay(recording, arguments: {
                ["run", "--verbose", "--touchpad-source", "raw", "--device", $0.node]
            })
        }

        @Test func aConfiguredSurfaceSizeAppliesLiveAsInReplay() throws {
            let recording = try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.4-finger-drag-down.evemu"))
            // So small that the drag crosses its 5 mm only after its landing settled (at 211 ms),
            // and lands within 5 mm of the bottom edge: at this size it is an edge swipe, at the
            // panel's own a drag, so the configured size must reach the recognizers live as in replay.
            try compareLiveWithReplay(recording, configuredSize: (30, 18), arguments: { ["run", "--device", $0.node] })
        }

        /// Emulates the recording's device, writes its frames on the clock shifted to now, stops
        /// tactile with SIGTERM and compares with the replay of the same events. With
        /// `configuredSize`, tactile reads a configuration giving every device that size, and the
        /// replay must differ from one at the device's own size.
        private func compareLiveWithReplay(_ recording: Recording, configuredSize: (width: Double, height: Double)? = nil,
                                           arguments: (EmulatedDeviceFiles) -> [String]) throws {
            let recorded = try #require(recording.devices.first { $0.description.isTouchDevice })
            let files = EmulatedDeviceFiles(number: 9, description: recorded.description)
            let testbed = Testbed()
            let node = try testbed.add(files)
            var tactileArguments = arguments(files)
            if let configuredSize {
                let configuration = FileManager.default.temporaryDirectory
                    .appendingPathComponent("tactile-size-\(getpid()).conf")
                try Data("[tuning]\nsize = \(Int(configuredSize.width))x\(Int(configuredSize.height))\n".utf8)
                    .write(to: configuration)
                tactileArguments += ["--config", configuration.path]
            }
            let tactile = try TactileProcess(tactileArguments, testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(files.node) }, "tactile did not find the device: \(tactile.errors)")

            func replay(size: (width: Double, height: Double)?) -> [GestureSummary] {
                var replayer = Replayer(recording: Recording(devices: [recorded]), overrideSize: size)
                var gestures: [GestureSummary] = []
                replayer.run(gesture: { _, event in gestures.append(GestureSummary(event, shiftedBy: 0)) })
                return gestures
            }
            let expected = replay(size: configuredSize)
            let shift = EventStream.play(recorded.events, to: node)
            // Every gesture read (the lines are compared below, once tactile ended).
            #expect(tactile.waitFor { $0.gestures.filter { $0["source"] == nil }.count >= expected.count })
            #expect(tactile.terminate() == 0, "tactile: \(tactile.errors)")

            if configuredSize != nil { #expect(expected != replay(size: nil), "the size changes nothing to compare") }
            let live = tactile.gestures.filter { $0["source"] == nil }.map { GestureSummary($0, shiftedBy: shift) }
            #expect(!expected.isEmpty)
            #expect(live == expected, "stderr: \(tactile.errors)")
        }
    }
}
