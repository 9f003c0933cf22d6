import Foundation
import Glibc
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// `tactile record` reading an emulated device fed a corpus recording's frames: the file it
    /// writes holds the same events, replays to the same gestures, and libinput's own tools
    /// accept it.
    @Suite(.serialized)
    struct RecordTests {
        static func touchpad() throws -> RecordedDevice {
            try RecordingLoader.load(path: Corpus.path("xit-synaptics-clickpad.two-finger-scroll-down.events"),
                                     descriptionPath: Corpus.path("xit-synaptics-clickpad.desc")).devices[0]
        }

        @Test func recordingTheSeatsTouchDeviceReplaysToTheSameGestures() throws {
            let original = try Self.touchpad()
            let files = EmulatedDeviceFiles(number: 9, description: original.description)
            let testbed = Testbed()
            let node = try testbed.add(files)
            let path = testbed.root + "/recorded.yml"
            // No --device: the first touch device of seat0.
            let tactile = try TactileProcess(["record", "-o", path], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains("recording \(files.node)") }, "\(tactile.errors)")
            EventStream.play(original.events, to: node)
            #expect(tactile.waitFor { _ in
                (try? RecordingLoader.load(path: path))?.devices.first?.events.count == original.events.count
            })
            #expect(tactile.terminate() == 0, "\(tactile.errors)")

            let recorded = try #require(try RecordingLoader.load(path: path).devices.first)
            let origin = original.events[0].time.microseconds
            #expect(recorded.events == original.events.map { $0.shifted(by: -origin) })
            #expect(recorded.description.name == original.description.name)
            #expect(recorded.description.absInfo == original.description.absInfo)
            let expected = replayedGestures(original).map { "\($0.time - origin) \($0.text)" }
            #expect(!expected.isEmpty)
            #expect(replayedGestures(recorded).map { "\($0.time) \($0.text)" } == expected)

            let analysis = try Self.libinputAnalyzeRecording(path)
            #expect(analysis.status == 0, "libinput analyze recording: \(analysis.output)")
            #expect(analysis.output.contains("Time"), "\(analysis.output)")
        }

        @Test func anOutputFileThatCannotBeCreatedIsAnErrorNamingIt() throws {
            let files = EmulatedDeviceFiles(number: 9, description: try Self.touchpad().description)
            let testbed = Testbed()
            _ = try testbed.add(files)
            let path = testbed.root + "/no-such-directory/recorded.yml"
            let tactile = try TactileProcess(["record", "--device", files.node, "-o", path], testbed: testbed)
            #expect(tactile.waitFor { $0.errors.contains("cannot create \(path): ENOENT") }, "\(tactile.errors)")
            #expect(tactile.terminate() == 1)
        }

        @Test("an output that is a FIFO, with or without a reader, is refused at once, naming it")
        func aFIFOAsTheOutputIsRefused() throws {
            let files = EmulatedDeviceFiles(number: 9, description: try Self.touchpad().description)
            let testbed = Testbed()
            _ = try testbed.add(files)
            let fifo = testbed.root + "/recorded.fifo"
            #expect(mkfifo(fifo, 0o600) == 0)
            let alone = try TactileProcess(["record", "--device", files.node, "-o", fifo], testbed: testbed)
            #expect(alone.waitFor(seconds: 5) { $0.errors.contains("cannot create \(fifo): is a FIFO, not a regular file") },
                    "\(alone.errors)")
            #expect(alone.terminate() == 1)

            // With a reader, opening it would not block: it is still no file to keep a recording in.
            let reader = open(fifo, O_RDONLY | O_NONBLOCK)
            defer { close(reader) }
            let read = try TactileProcess(["record", "--device", files.node, "-o", fifo], testbed: testbed)
            #expect(read.waitFor(seconds: 5) { $0.errors.contains("cannot create \(fifo): is a FIFO, not a regular file") },
                    "\(read.errors)")
            #expect(read.terminate() == 1)
        }

        @Test func killedRecorderLeavesEveryFrameItRead() throws {
            let original = try Self.touchpad()
            let files = EmulatedDeviceFiles(number: 9, description: original.description)
            let testbed = Testbed()
            let node = try testbed.add(files)
            let path = testbed.root + "/killed.yml"
            let tactile = try TactileProcess(["record", "--device", files.node, "-o", path], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains("recording \(files.node)") }, "\(tactile.errors)")
            let frames = EventStream.frames(original.events[...])
            let played = Array(original.events[..<frames[20].endIndex])
            EventStream.play(played, to: node)
            #expect(tactile.waitFor { _ in (try? RecordingLoader.load(path: path))?.devices.first?.events.count == played.count })
            kill(tactile.pid, SIGKILL)
            tactile.terminate()

            let recorded = try RecordingLoader.load(path: path).devices[0]
            #expect(recorded.events == played.map { $0.shifted(by: -played[0].time.microseconds) })
        }

        /// Runs `libinput analyze recording FILE`, libinput's own reader of the format. Its
        /// Python needs the system's modules (python3-libevdev, python3-yaml), so the system
        /// interpreter comes first on the PATH.
        static func libinputAnalyzeRecording(_ path: String) throws -> (status: Int32, output: String) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/libinput")
            process.arguments = ["analyze", "recording", path]
            process.environment = ["PATH": "/usr/bin:/bin"]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = pipe
            try process.run()
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            return (process.terminationStatus, output)
        }
    }
}
