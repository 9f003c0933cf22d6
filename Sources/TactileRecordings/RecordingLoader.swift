import Foundation
import TactileEvdev

/// Loads a recording file, whatever its format: evemu (with its `.desc` when the file holds
/// events only), `libinput record` YAML (also quoted in a mail), or evtest output.
public enum RecordingLoader {
    /// The formats told apart by content, not by file name.
    private enum Format {
        case evemu
        case libinputRecord
        case quotedLibinputRecord
        case evtest
        case hidRecorder
    }

    /// - Parameter descriptionPath: the evemu file holding the device description, for an
    ///   evemu file that holds events only.
    /// - Throws: a `RecordingError` naming the file and line, also when the file holds no
    ///   touch device or no events.
    public static func load(path: String, descriptionPath: String? = nil) throws(RecordingError) -> Recording {
        let lines = TextLine.lines(of: try readText(path), file: path)
        guard lines.contains(where: { !$0.text.allSatisfy(\.isWhitespace) }) else {
            throw RecordingError(file: path, message: "empty file: expected an evemu, libinput record or evtest recording")
        }
        let format = try detectFormat(lines, file: path)
        if descriptionPath != nil && format != .evemu {
            throw RecordingError(file: path, message: "a separate description file only applies to evemu recordings")
        }
        let devices: [(device: RecordedDevice, file: String, line: Int)]
        switch format {
        case .hidRecorder:
            throw RecordingError(file: path, message: "hid-recorder file: it holds raw HID reports, not evdev events; "
                + "record the device with evemu-record or libinput record instead")
        case .evemu:
            devices = [try evemuDevice(lines, file: path, descriptionPath: descriptionPath)]
        case .evtest:
            let parser = try EvtestParser(lines: lines)
            guard parser.headerLine > 0 else {
                throw RecordingError(file: path, line: lines.first(where: { $0.text.hasPrefix("Event: time") })?.number ?? 0,
                                     message: "evtest output without its header: expected an \"Input device name:\" line "
                                         + "and a \"Supported events:\" block before the events")
            }
            devices = [(RecordedDevice(description: parser.description, events: parser.events), path, parser.headerLine)]
        case .libinputRecord:
            let text = lines.map(\.text).joined(separator: "\n")
            devices = try libinputDevices(text, file: path, lineNumbers: { $0 + 1 })
        case .quotedLibinputRecord:
            guard let quoted = QuotedMail(lines: lines) else {
                throw RecordingError(file: path, message: "no quoted libinput record found")
            }
            devices = try libinputDevices(quoted.text, file: path, lineNumbers: quoted.mailLine)
        }
        try validate(devices, file: path)
        return Recording(devices: devices.map(\.device))
    }

    private static func readText(_ path: String) throws(RecordingError) -> String {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw RecordingError(file: path, message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw RecordingError(file: path, message: "is a directory, not a recording file")
        }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw RecordingError(file: path, message: "cannot be read")
        }
        let binaryAt = data.firstIndex(of: 0) ?? (String(data: data, encoding: .utf8) == nil
            ? data.firstIndex(where: { $0 >= 0x80 }) : nil)
        if let offset = binaryAt {
            let line = data[data.startIndex..<offset].reduce(1) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
            throw RecordingError(file: path, line: line, message: "binary data, not a text recording")
        }
        return String(decoding: data, as: UTF8.self)
    }

    private static func detectFormat(_ lines: [TextLine], file: String) throws(RecordingError) -> Format {
        func any(_ test: (Substring) -> Bool) -> Bool { lines.contains { test($0.text) } }
        if any({ $0.hasPrefix("R: ") }) && any({ $0.hasPrefix("E: ") }) && !any({ $0.hasPrefix("B: ") }) {
            return .hidRecorder
        }
        if any({ $0 == "# libinput record" || $0.hasPrefix("version:") || $0.hasPrefix("devices:") }) {
            return .libinputRecord
        }
        let evemuPrefixes = ["E:", "N:", "I:", "P:", "B:", "A:", "# EVEMU"]
        if any({ line in evemuPrefixes.contains { line.hasPrefix($0) } }) { return .evemu }
        if any({ $0.hasPrefix("Input device name:") || $0.hasPrefix("Event: time ") }) { return .evtest }
        if any({ QuotedMail.startsRecording($0) }) { return .quotedLibinputRecord }
        throw RecordingError(file: file, line: lines.first(where: { !$0.text.allSatisfy(\.isWhitespace) })?.number ?? 0,
                             message: "unrecognised format: expected an evemu recording (N:/B:/A:/E: lines), "
                                 + "libinput record YAML or evtest output")
    }

    private static func evemuDevice(_ lines: [TextLine], file: String, descriptionPath: String?)
        throws(RecordingError) -> (device: RecordedDevice, file: String, line: Int) {
        let recording = try EvemuParser(lines: lines)
        if let descriptionPath {
            let header = try EvemuParser(lines: TextLine.lines(of: try readText(descriptionPath), file: descriptionPath))
            guard let description = header.description else {
                throw RecordingError(file: descriptionPath,
                                     message: "no device description: expected N:, I:, P:, B: and A: lines")
            }
            return (RecordedDevice(description: description, events: recording.events), descriptionPath, header.headerLine)
        }
        guard let description = recording.description else {
            throw RecordingError(file: file, message: "evemu events without a device description: "
                + "give the matching .desc file with --desc FILE")
        }
        return (RecordedDevice(description: description, events: recording.events), file, recording.headerLine)
    }

    private static func libinputDevices(_ text: String, file: String, lineNumbers: (Int) -> Int)
        throws(RecordingError) -> [(device: RecordedDevice, file: String, line: Int)] {
        guard let root = try YAMLNode.load(text, file: file, lineNumbers: lineNumbers) else {
            throw RecordingError(file: file, message: "empty YAML document")
        }
        return try LibinputRecordParser(root: root, file: file).devices.map { ($0.device, file, $0.line) }
    }

    /// A recording is only useful with at least one touch device that sent events.
    private static func validate(_ devices: [(device: RecordedDevice, file: String, line: Int)],
                                 file: String) throws(RecordingError) {
        guard let first = devices.first else {
            throw RecordingError(file: file, message: "no devices in the recording")
        }
        let touch = devices.filter { $0.device.description.isTouchDevice }
        guard !touch.isEmpty else {
            throw RecordingError(file: first.file, line: first.line,
                                 message: "\"\(first.device.description.name)\" is not a touch device: it has no "
                                     + "ABS_X/ABS_Y or ABS_MT_POSITION_X/Y axes with BTN_TOUCH")
        }
        guard touch.contains(where: { !$0.device.events.isEmpty }) else {
            throw RecordingError(file: file, message: "no events: the recording holds a device description only")
        }
        guard touch.contains(where: { $0.device.events.contains(where: isPosition) }) else {
            throw RecordingError(file: file, message: "no touch events: \"\(touch[0].device.description.name)\" sent "
                + "\(touch[0].device.events.count) events but none with a position (ABS_X/ABS_Y or ABS_MT_POSITION_X/Y)")
        }
    }

    private static func isPosition(_ event: InputEvent) -> Bool {
        event.type == EventType.abs
            && [AbsCode.x, AbsCode.y, AbsCode.mtPositionX, AbsCode.mtPositionY].contains(event.code)
    }
}
