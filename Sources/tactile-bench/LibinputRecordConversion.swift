import Glibc
import TactileEvdev
import TactileRecordings
import TactileSystem

/// `--write-libinput-record FILE`: FILE's touch device and its events as `tactile record` would
/// have written them live, a frame per SYN_REPORT, on stdout. The YAML replay benchmark reads a
/// file in the form a recorder writes, made from a bundled recording whose licence lets it be
/// reproduced anywhere (`scripts/replay-benchmark`).
enum LibinputRecordConversion {
    static func write(_ path: String) {
        let recording: Recording
        do {
            recording = try RecordingLoader.load(path: path)
        } catch {
            fail("\(error)")
        }
        guard let device = recording.devices.first(where: { $0.description.isTouchDevice }) else {
            fail("\(path): no touch device")
        }
        // Fixed rather than this machine's, so the file is the same everywhere.
        var writer = LibinputRecordWriter(device: device.description, node: "/dev/input/event0", kernel: "", dmi: "")
        var text = writer.header
        var start = 0
        for (index, event) in device.events.enumerated() where event.type == EventType.syn && event.code == SynCode.report {
            text += writer.frame(device.events[start...index])
            start = index + 1
        }
        text += writer.frame(device.events[start...])
        do {
            try FileDescriptor.standardOutput.writeAll(text)
        } catch {
            fail("cannot write the recording: \(error)")
        }
    }
}
