import TactileCore
import TactileEvdev

/// Writes one device's events as `libinput record` YAML (format version 1), the format
/// `tactile replay` and libinput's own tools (`libinput replay`, `libinput analyze`) read.
///
/// The text comes in pieces so a recorder can write as the device speaks: `header` once, then
/// `frame` for each frame. The device's `events:` list is the last thing in the document, so
/// the file is complete YAML after every frame and nothing is lost when the recorder is killed.
///
/// Times are written relative to the first event, as `libinput record` does; a frame stamped
/// before it (a clock that went back) is written at 0.
public struct LibinputRecordWriter {
    public let device: DeviceDescription
    public let node: String
    /// `uname -r`, for the `system` section.
    public let kernel: String
    /// The DMI modalias (`/sys/class/dmi/id/modalias`), which libinput's quirks match on.
    public let dmi: String
    private var origin: Instant?

    public init(device: DeviceDescription, node: String, kernel: String, dmi: String) {
        self.device = device
        self.node = node
        self.kernel = kernel
        self.dmi = dmi
    }

    /// Everything up to and including the `events:` key.
    public var header: String {
        var lines = [
            "# libinput record",
            "# written by tactile record",
            "version: 1",
            "ndevices: 1",
            "libinput:",
            "  version: \"unknown\"",
            "  git: \"unknown\"",
            "system:",
            "  kernel: \(quoted(kernel))",
            "  dmi: \(quoted(dmi))",
            "devices:",
            "- node: \(quoted(node))",
            "  evdev:",
            "    # Name: \(device.name.filter { !$0.isNewline })",
            "    name: \(quoted(device.name))",
            "    id: [\(device.bustype), \(device.vendor), \(device.product), \(device.version)]",
            "    codes:",
        ]
        // Every evdev device sends SYN_REPORT; libinput record lists EV_SYN first.
        var codes = device.codes
        codes[EventType.syn, default: []].formUnion([SynCode.report, SynCode.dropped])
        for (type, list) in codes.sorted(by: { $0.key < $1.key }) {
            lines.append("      \(type): [\(list.sorted().map(String.init).joined(separator: ", "))]")
        }
        if device.absInfo.isEmpty {
            lines.append("    absinfo: {}")
        } else {
            lines.append("    absinfo:")
            for (code, info) in device.absInfo.sorted(by: { $0.key < $1.key }) {
                lines.append("      \(code): [\(info.minimum), \(info.maximum), \(info.fuzz), \(info.flat), \(info.resolution)]")
            }
        }
        lines.append("    properties: [\(device.properties.sorted().map(String.init).joined(separator: ", "))]")
        // What udev's input_id builtin would have said; `libinput replay` compares it with the
        // virtual device it creates.
        lines += ["  udev:", "    properties:", "    - ID_INPUT=1",
                  "    - \(device.isDirect ? "ID_INPUT_TOUCHSCREEN" : "ID_INPUT_TOUCHPAD")=1"]
        if let calibration = device.calibration { lines.append("    - LIBINPUT_CALIBRATION_MATRIX=\(calibration)") }
        lines.append("  events:")
        return lines.joined(separator: "\n") + "\n"
    }

    /// One `- evdev:` entry holding `events`, normally one frame ending with SYN_REPORT.
    public mutating func frame(_ events: some Collection<InputEvent>) -> String {
        guard let first = events.first else { return "" }
        let origin = self.origin ?? first.time
        self.origin = origin
        var text = "  - evdev:\n"
        for event in events {
            let microseconds = max(event.time.microseconds - origin.microseconds, 0)
            text += "    - [\(pad(microseconds / 1_000_000, 3)), \(pad(microseconds % 1_000_000, 6)), "
                + "\(pad(event.type, 3)), \(pad(event.code, 3)), \(pad(event.value, 6))]\n"
        }
        return text
    }

    /// Right-aligned, as libinput record aligns its columns.
    private func pad(_ number: some BinaryInteger, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(width - text.count, 0)) + text
    }

    /// A YAML double-quoted scalar.
    private func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7f:
                let hex = String(scalar.value, radix: 16)
                result += "\\x" + String(repeating: "0", count: 2 - hex.count) + hex
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}
