import TactileCore
import TactileEvdev

/// Reads `libinput record` YAML (format version 1): `devices[].evdev` holds the description
/// (`name`, `id`, `codes`, `absinfo`, `properties`) and `devices[].events[].evdev` lists
/// `[seconds, microseconds, type, code, value]`. Of `devices[].udev.properties` (`KEY=value`
/// lines) only `LIBINPUT_CALIBRATION_MATRIX` changes what a replay gives. Other event kinds
/// (`hid`, `libinput`) are skipped; every device is kept.
struct LibinputRecordParser {
    /// Each device and the line its description starts on.
    private(set) var devices: [(device: RecordedDevice, line: Int)] = []
    private let file: String

    init(root: YAMLNode, file: String) throws(RecordingError) {
        self.file = file
        guard case .mapping = root else { throw mismatch("the document", expected: "a mapping", found: root) }
        guard let list = root["devices"] else {
            throw RecordingError(file: file, line: root.line, message: "no \"devices\" key: not a libinput record file")
        }
        guard case .sequence(let entries, _) = list else {
            throw mismatch("devices", expected: "a list of devices", found: list)
        }
        for (index, entry) in entries.enumerated() {
            devices.append(try device(entry, path: "devices[\(index)]"))
        }
    }

    private func device(_ entry: YAMLNode, path: String) throws(RecordingError) -> (device: RecordedDevice, line: Int) {
        guard let evdev = entry["evdev"] else { throw mismatch("\(path).evdev", expected: "a mapping", found: entry) }
        guard case .mapping = evdev else { throw mismatch("\(path).evdev", expected: "a mapping", found: evdev) }
        var description = DeviceDescription(name: "")
        if let name = evdev["name"] {
            guard case .scalar(let text, _) = name else { throw mismatch("\(path).evdev.name", expected: "a string", found: name) }
            description.name = text
        }
        if let id = evdev["id"] {
            let ids = try integers(id, path: "\(path).evdev.id", as: UInt16.self)
            guard ids.count == 4 else {
                throw RecordingError(file: file, line: id.line,
                                     message: "\(path).evdev.id: expected [bus, vendor, product, version], found \(ids.count) numbers")
            }
            (description.bustype, description.vendor, description.product, description.version) = (ids[0], ids[1], ids[2], ids[3])
        }
        if let codes = evdev["codes"], !codes.isNull {
            guard case .mapping(let pairs, _) = codes else {
                throw mismatch("\(path).evdev.codes", expected: "a mapping of event type to codes", found: codes)
            }
            for (key, value) in pairs {
                let type: UInt16 = try integer(key, line: value.line, path: "\(path).evdev.codes")
                let list = try integers(value, path: "\(path).evdev.codes.\(key)", as: UInt16.self)
                if type != EventType.syn { description.codes[type] = Set(list) }
            }
        }
        if let absinfo = evdev["absinfo"], !absinfo.isNull {
            guard case .mapping(let pairs, _) = absinfo else {
                throw mismatch("\(path).evdev.absinfo", expected: "a mapping of axis code to [min, max, fuzz, flat, resolution]", found: absinfo)
            }
            for (key, value) in pairs {
                let code: UInt16 = try integer(key, line: value.line, path: "\(path).evdev.absinfo")
                let numbers = try integers(value, path: "\(path).evdev.absinfo.\(key)", as: Int32.self)
                guard numbers.count == 5 else {
                    throw RecordingError(file: file, line: value.line,
                                         message: "\(path).evdev.absinfo.\(key): expected [min, max, fuzz, flat, resolution], found \(numbers.count) numbers")
                }
                description.absInfo[code] = AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2],
                                                    flat: numbers[3], resolution: numbers[4])
            }
        }
        if let properties = evdev["properties"], !properties.isNull {
            description.properties = Set(try integers(properties, path: "\(path).evdev.properties", as: UInt16.self))
        }
        if let properties = entry["udev"]?["properties"], !properties.isNull {
            description.calibration = try calibration(properties, path: "\(path).udev.properties")
        }
        var events: [InputEvent] = []
        if let list = entry["events"], !list.isNull {
            guard case .sequence(let frames, _) = list else {
                throw mismatch("\(path).events", expected: "a list of events", found: list)
            }
            for (index, frame) in frames.enumerated() {
                guard case .mapping = frame else {
                    throw mismatch("\(path).events[\(index)]", expected: "a mapping such as \"evdev: [...]\"", found: frame)
                }
                guard let evdevEvents = frame["evdev"] else { continue }
                try appendEvents(evdevEvents, path: "\(path).events[\(index)].evdev", to: &events)
            }
        }
        return (RecordedDevice(description: description, events: events), evdev.line)
    }

    private func appendEvents(_ node: YAMLNode, path: String, to events: inout [InputEvent]) throws(RecordingError) {
        guard case .sequence(let tuples, _) = node else {
            throw mismatch(path, expected: "a list of [sec, usec, type, code, value]", found: node)
        }
        for tuple in tuples {
            let numbers = try integers(tuple, path: path, as: Int64.self)
            guard numbers.count == 5 else {
                throw RecordingError(file: file, line: tuple.line,
                                     message: "\(path): expected [sec, usec, type, code, value], found \(numbers.count) numbers")
            }
            guard (0...(Int64.max / 1_000_000 - 1)).contains(numbers[0]), (0..<1_000_000).contains(numbers[1]),
                  let type = UInt16(exactly: numbers[2]), let code = UInt16(exactly: numbers[3]),
                  let value = Int32(exactly: numbers[4]) else {
                throw RecordingError(file: file, line: tuple.line, message: "\(path): event \(numbers) is out of range")
            }
            events.append(InputEvent(time: Instant(microseconds: numbers[0] * 1_000_000 + numbers[1]),
                                     type: type, code: code, value: value))
        }
    }

    private func integers<T: FixedWidthInteger>(_ node: YAMLNode, path: String, as type: T.Type) throws(RecordingError) -> [T] {
        guard case .sequence(let items, _) = node else { throw mismatch(path, expected: "a list of integers", found: node) }
        var result: [T] = []
        for item in items {
            guard case .scalar(let text, let line) = item else {
                throw mismatch(path, expected: "an integer", found: item)
            }
            result.append(try integer(text, line: line, path: path))
        }
        return result
    }

    private func integer<T: FixedWidthInteger>(_ text: String, line: Int, path: String) throws(RecordingError) -> T {
        let value = text.hasPrefix("0x") ? T(text.dropFirst(2), radix: 16) : T(text)
        guard let value else {
            throw RecordingError(file: file, line: line, message: "\(path): expected an integer, found \"\(text.prefix(30))\"")
        }
        return value
    }

    /// The `LIBINPUT_CALIBRATION_MATRIX=a b c d e f` line of udev's properties, if there is one.
    private func calibration(_ properties: YAMLNode, path: String) throws(RecordingError) -> CalibrationMatrix? {
        guard case .sequence(let lines, _) = properties else {
            throw mismatch(path, expected: "a list of KEY=value lines", found: properties)
        }
        let key = "LIBINPUT_CALIBRATION_MATRIX="
        for line in lines {
            guard case .scalar(let text, let number) = line, text.hasPrefix(key) else { continue }
            guard let matrix = CalibrationMatrix(text: text.dropFirst(key.count)) else {
                throw RecordingError(file: file, line: number, message: "\(path): expected six numbers after \(key), found \"\(text)\"")
            }
            return matrix
        }
        return nil
    }

    private func mismatch(_ path: String, expected: String, found node: YAMLNode) -> RecordingError {
        RecordingError(file: file, line: node.line, message: "\(path): expected \(expected), found \(node.kind)")
    }
}
