import Foundation
import Glibc
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// libinput's own touchpad gestures reach Touchégg's clients as Touchégg's daemon serves them:
    /// a live emulated touchpad, `tactile run --touchegg`, and a GDBus client.
    /// The touchpad is the HP Spectre's of the corpus: a 5-slot pad with a resolution, which no
    /// bundled recording has.
    @Suite(.serialized, .needsCorpus)
    struct ToucheggPassThroughTests {
        @Test func libinputSwipeIsATouchpadSwipe() throws {
            let events = SyntheticTouches.events(
                fingers: [(start: (1500, 800), end: (1500, 2200)), (start: (2500, 800), end: (2500, 2200)),
                          (start: (3500, 800), end: (3500, 2200))],
                frames: 30)
            let signals = try toucheggSignals(events)
            // SWIPE (1) DOWN (2), 3 fingers, TOUCHPAD (1), from Begin to End.
            #expect(signals.first?.hasPrefix("OnGestureBegin 1 2 ") == true, "\(signals)")
            #expect(signals.last?.hasPrefix("OnGestureEnd 1 2 ") == true, "\(signals)")
            #expect(signals.allSatisfy { $0.split(separator: " ")[4...5] == ["3", "1"] }, "\(signals)")
        }

        @Test func libinputPinchIsATouchpadPinchOut() throws {
            let events = SyntheticTouches.events(
                fingers: [(start: (2300, 1500), end: (1000, 800)), (start: (2700, 1600), end: (4000, 2300))],
                frames: 30)
            let signals = try toucheggSignals(events)
            // PINCH (2) OUT (6), 2 fingers, TOUCHPAD (1); spread past 1.5 times: over 50 % at End.
            #expect(signals.first?.hasPrefix("OnGestureBegin 2 6 ") == true, "\(signals)")
            #expect(signals.last?.hasPrefix("OnGestureEnd 2 6 ") == true, "\(signals)")
            #expect(signals.allSatisfy { $0.split(separator: " ")[4...5] == ["2", "1"] }, "\(signals)")
            let percentage = signals.last.flatMap { Double($0.split(separator: " ")[3]) } ?? 0
            #expect(percentage > 50, "\(signals)")
        }

        /// Plays `events` on an emulated touchpad (the HP Spectre's ELAN pad of the corpus), read
        /// by libinput only, and returns the signals a GDBus client printed.
        private func toucheggSignals(_ events: [InputEvent]) throws -> [String] {
            let recording = try RecordingLoader.load(path: Corpus.path("ml-hp-spectre-x360-elan07ce.palm-then-finger.yml"))
            let description = try #require(recording.devices.first).description
            let files = EmulatedDeviceFiles(number: 12, description: description)
            let testbed = Testbed()
            let node = try testbed.add(files)
            let address = "unix:abstract=tactile-input-test-\(getpid())"
            let tactile = try TactileProcess(["run", "--touchpad-source", "libinput", "--device", files.node,
                                              "--touchegg", address], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(files.node) && $0.errors.contains("serving Touchégg") },
                    "not ready: \(tactile.errors)")
            let client = Process()
            client.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            client.arguments = [URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .appendingPathComponent("ToucheggClients/gdbus-client.py").path, address]
            let output = Pipe()
            client.standardOutput = output
            try client.run()
            #expect(tactile.waitFor { $0.errors.contains("D-Bus client connected") }, "\(tactile.errors)")
            usleep(100_000)  // the client subscribes right after it connected
            EventStream.play(events, to: node)
            usleep(500_000)
            #expect(tactile.terminate() == 0)
            let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            client.waitUntilExit()
            #expect(client.terminationStatus == 0)
            print("signals the GDBus client received:\n\(printed)")
            return printed.split(separator: "\n").dropFirst().map(String.init)
        }
    }
}
