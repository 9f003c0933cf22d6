import Foundation
import Glibc
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// Real libinput and libevdev reading umockdev-emulated devices, fed the frames of corpus
    /// recordings, must print exactly what `tactile replay` prints for the same events: the
    /// same lines, byte for byte, positions included.
    @Suite(.serialized)
    struct LiveVersusReplayTests {
        static let atmel = "evd-atmel-maxtouch.4-finger-drag-down.evemu"
        /// A quarter turn clockwise, as libinput's documentation writes it.
        static let quarterTurn = CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)

        @Test func touchscreenGivesTheReplayOutput() throws {
            let recorded = try Self.touchDevice(Self.atmel)
            try compareLiveWithReplay(recorded, arguments: { ["run", "--verbose", "--device", $0.node] })
        }

        @Test func touchscreenOnTheSeatGivesTheReplayOutput() throws {
            let recorded = try Self.touchDevice("evd-atmel-maxtouch.1-finger-drag-up-down.evemu")
            try compareLiveWithReplay(recorded, arguments: { _ in ["run", "--verbose"] })
        }

        @Test func touchpadRawContactsGiveTheReplayOutput() throws {
            let recorded = try Self.touchDevice("xit-synaptics-clickpad.two-finger-scroll-down.events",
                                                description: "xit-synaptics-clickpad.desc")
            // Raw only: umockdev's node is one PTY, so libinput reading it too would take events away.
            try compareLiveWithReplay(recorded, arguments: {
                ["run", "--verbose", "--touchpad-source", "raw", "--device", $0.node]
            })
        }

        @Test func aConfiguredSurfaceSizeAppliesLiveAsInReplay() throws {
            let recorded = try Self.touchDevice(Self.atmel)
            // So small that the drag crosses its 5 mm only after its landing settled (at 211 ms),
            // and lands within 5 mm of the bottom edge: at this size it is an edge swipe, at the
            // panel's own a drag, so the configured size must reach the recognizers live as in replay.
            let live = try compareLiveWithReplay(recorded, settings: DeviceSettings(size: (30, 18)),
                                                 arguments: { ["run", "--device", $0.node] })
            #expect(live.lines != replayedLines(recorded, shiftedBy: live.shift), "the size changes nothing")
            #expect(live.lines.contains { $0.contains(#""gesture":"edge-swipe""#) }, "\(live.lines)")
        }

        /// udev says the screen is mounted a quarter turn clockwise: a finger moving right on
        /// the glass is a drag down, live as in the replay of a recording that says the same.
        @Test func udevCalibrationTurnsASwipeRightIntoADragDown() throws {
            var recorded = Self.swipeRight(on: try Self.touchDevice(Self.atmel).description)
            let upright = replayedLines(recorded, shiftedBy: 0)
            #expect(upright.contains { $0.contains(#""phase":"ended""#) && $0.contains(#""direction":"right""#) })
            recorded.description.calibration = Self.quarterTurn
            let live = try compareLiveWithReplay(recorded, arguments: { ["run", "--device", $0.node] })
            #expect(live.lines.contains { $0.contains(#""phase":"ended""#) && $0.contains(#""direction":"down""#) },
                    "\(live.lines)")
        }

        /// The same turn from the configuration, for a device udev knows nothing about.
        @Test func aConfiguredCalibrationAppliesLiveAsInReplay() throws {
            let recorded = Self.swipeRight(on: try Self.touchDevice(Self.atmel).description)
            let live = try compareLiveWithReplay(recorded, settings: DeviceSettings(calibration: Self.quarterTurn),
                                                 arguments: { ["run", "--device", $0.node] })
            #expect(live.lines.contains { $0.contains(#""phase":"ended""#) && $0.contains(#""direction":"down""#) },
                    "\(live.lines)")
        }

        static func touchDevice(_ name: String, description: String? = nil) throws -> RecordedDevice {
            let recording = try RecordingLoader.load(path: Corpus.path(name), descriptionPath: description.map(Corpus.path))
            return try #require(recording.devices.first { $0.description.isTouchDevice })
        }

        /// One finger from the left of the screen to its right, across the middle.
        static func swipeRight(on description: DeviceDescription) -> RecordedDevice {
            let (x, y) = description.positionAxes!
            let middle = (y.minimum + y.maximum) / 2
            let start = x.minimum + (x.maximum - x.minimum) / 8, end = x.maximum - (x.maximum - x.minimum) / 8
            return RecordedDevice(description: description, events: SyntheticTouches.events(
                fingers: [((start, middle), (end, middle))], frames: 30, toolButtons: false))
        }

        /// Emulates the device, writes its frames on the clock shifted to now, stops tactile
        /// with SIGTERM and compares its output with the replay of the same events, re-timed.
        /// With `settings`, tactile reads a configuration giving every device those settings,
        /// and the replay has them too. Returns the live lines and the shift (µs) of their clock.
        @discardableResult
        private func compareLiveWithReplay(_ recorded: RecordedDevice, settings: DeviceSettings = DeviceSettings(),
                                           arguments: (EmulatedDeviceFiles) -> [String]) throws
            -> (lines: [String], shift: Int64) {
            let files = EmulatedDeviceFiles(number: 9, description: recorded.description)
            let testbed = Testbed()
            let node = try testbed.add(files)
            var tactileArguments = arguments(files)
            var configuration = "[tuning]\n"
            if let size = settings.size { configuration += "size = \(size.width)x\(size.height)\n" }
            if let calibration = settings.calibration { configuration += "calibration = \(calibration)\n" }
            if settings.size != nil || settings.calibration != nil {
                let file = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-settings-\(getpid()).conf")
                try Data(configuration.utf8).write(to: file)
                tactileArguments += ["--config", file.path]
            }
            let tactile = try TactileProcess(tactileArguments, testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(files.node) }, "tactile did not find the device: \(tactile.errors)")

            let shift = EventStream.play(recorded.events, to: node)
            let expected = replayedLines(recorded, shiftedBy: shift, settings: settings)
            // Every gesture read (the lines are compared below, once tactile ended).
            #expect(tactile.waitFor { $0.lines(of: recorded.description.name).count >= expected.count })
            #expect(tactile.terminate() == 0, "tactile: \(tactile.errors)")

            let live = tactile.lines(of: recorded.description.name)
            #expect(!expected.isEmpty)
            #expect(live == expected, "stderr: \(tactile.errors)")
            return (live, shift)
        }
    }
}
