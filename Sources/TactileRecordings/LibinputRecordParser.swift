import TactileCore
import TactileEvdev

/// Reads `libinput record` YAML (format version 1) through libyaml's events, without building a
/// document: `devices[].evdev` holds the description (`name`, `id`, `codes`, `absinfo`,
/// `properties`) and `devices[].events[].evdev` lists `[seconds, microseconds, type, code, value]`.
/// Of `devices[].udev.properties` (`KEY=value` lines) only `LIBINPUT_CALIBRATION_MATRIX` changes
/// what a replay gives. Other event kinds (`hid`, `libinput`) are skipped; every device is kept.
///
/// This pass reads the whole first document: the descriptions, and of the events only how many
/// each device has and whether one has a position (`LibinputRecordEvents` reads them again as
/// they are replayed). A key given twice counts the first time, as in the document tree this
/// replaced. Errors are the tree's too, and come in its order: libyaml's syntax errors first,
/// then an alias, then the first of the reader's own, device by device in the order it checked
/// a device's parts.
struct LibinputRecordParser {
    /// What the pass learned of one device.
    struct Device {
        var description = DeviceDescription(name: "")
        /// The line its `evdev` description starts on.
        var line = 0
        var eventCount = 0
        var hasPosition = false
    }

    private(set) var devices: [Device] = []
    private let parser: YAMLEventParser
    private var file: String { parser.file }
    /// The first error the reader found, by device (-1: the document) and by the rank of the
    /// check that found it; the tree reader stopped at that one.
    private var firstError: (device: Int, rank: Int, error: RecordingError)?

    /// What a device's checks are ranked by: the order the tree reader made them in.
    private enum Check: Int {
        case evdev, name, id, codes, absinfo, properties, udev, events
    }

    init(_ parser: YAMLEventParser) throws(RecordingError) {
        self.parser = parser
        try parser.advance()  // the stream's start
        try parser.advance()
        guard parser.kind == .documentStart else {
            throw RecordingError(file: file, message: "empty YAML document")
        }
        try parser.advance()
        try readRoot()
        try parser.advance()  // the document's end; what follows it is not read
        if let aliasError = parser.aliasError { throw aliasError }
        if let firstError { throw firstError.error }
    }

    // MARK: - Nodes

    /// How error messages name the node the current event starts.
    private var kind: String {
        switch parser.kind {
        case .sequenceStart: "a list"
        case .mappingStart: "a mapping"
        default: parser.scalar.isEmpty ? "nothing" : "the scalar \"\(parser.scalarText.prefix(30))\""
        }
    }

    /// An empty plain scalar: a key with no value, such as `events:` with no events.
    private var isNull: Bool {
        guard parser.kind == .scalar || parser.kind == .alias else { return false }
        let text = parser.scalar
        return text.isEmpty || text.elementsEqual("~".utf8) || text.elementsEqual("null".utf8)
    }

    private mutating func fail(_ device: Int, _ check: Check, _ error: RecordingError) {
        if let first = firstError, (first.device, first.rank) <= (device, check.rawValue) { return }
        firstError = (device, check.rawValue, error)
    }

    private func mismatch(_ path: String, expected: String) -> RecordingError {
        RecordingError(file: file, line: parser.line, message: "\(path): expected \(expected), found \(kind)")
    }

    /// Reads a mapping's pairs: `body` gets each scalar key (its value is the current event)
    /// and reads or skips the value; a pair with any other key is skipped, as the tree dropped it.
    private mutating func pairs(_ body: (inout Self, String) throws(RecordingError) -> Void) throws(RecordingError) {
        try parser.advance()
        while parser.kind != .mappingEnd {
            guard parser.kind == .scalar || parser.kind == .alias else {
                try parser.skipNode()
                try parser.advance()
                try parser.skipNode()
                try parser.advance()
                continue
            }
            let key = parser.scalarText
            try parser.advance()
            try body(&self, key)
            try parser.advance()
        }
    }

    /// Reads a list's items: `body` reads or skips each (the current event starts it).
    private mutating func items(_ body: (inout Self, Int) throws(RecordingError) -> Void) throws(RecordingError) {
        try parser.advance()
        var index = 0
        while parser.kind != .sequenceEnd {
            try body(&self, index)
            try parser.advance()
            index += 1
        }
    }

    /// A list of integers; nil (with the error noted) when it is not one.
    private mutating func integers<T: FixedWidthInteger>(path: String, as type: T.Type, device: Int,
                                                         _ check: Check) throws(RecordingError) -> [T]? {
        guard parser.kind == .sequenceStart else {
            fail(device, check, mismatch(path, expected: "a list of integers"))
            try parser.skipNode()
            return nil
        }
        var result: [T] = []
        var failed = false
        try items { reader, _ throws(RecordingError) in
            guard !failed else { return try reader.parser.skipNode() }
            guard reader.parser.kind == .scalar || reader.parser.kind == .alias else {
                reader.fail(device, check, reader.mismatch(path, expected: "an integer"))
                failed = true
                return try reader.parser.skipNode()
            }
            guard let value: T = YAMLInteger.parse(reader.parser.scalar) else {
                reader.fail(device, check, RecordingError(file: reader.file, line: reader.parser.line,
                    message: "\(path): expected an integer, found \"\(reader.parser.scalarText.prefix(30))\""))
                failed = true
                return
            }
            result.append(value)
        }
        return failed ? nil : result
    }

    // MARK: - The document

    private mutating func readRoot() throws(RecordingError) {
        guard parser.kind == .mappingStart else {
            fail(-1, .evdev, mismatch("the document", expected: "a mapping"))
            return try parser.skipNode()
        }
        let line = parser.line
        var seen = false
        try pairs { reader, key throws(RecordingError) in
            guard key == "devices", !seen else { return try reader.parser.skipNode() }
            seen = true
            guard reader.parser.kind == .sequenceStart else {
                reader.fail(-1, .evdev, reader.mismatch("devices", expected: "a list of devices"))
                return try reader.parser.skipNode()
            }
            try reader.items { reader, index throws(RecordingError) in try reader.readDevice(index) }
        }
        if !seen {
            fail(-1, .evdev, RecordingError(file: file, line: line, message: "no \"devices\" key: not a libinput record file"))
        }
    }

    private mutating func readDevice(_ index: Int) throws(RecordingError) {
        let path = "devices[\(index)]"
        devices.append(Device())
        guard parser.kind == .mappingStart else {
            fail(index, .evdev, mismatch("\(path).evdev", expected: "a mapping"))
            return try parser.skipNode()
        }
        let entry = mismatch("\(path).evdev", expected: "a mapping")
        var seen: Set<String> = []
        try pairs { reader, key throws(RecordingError) in
            guard ["evdev", "udev", "events"].contains(key), seen.insert(key).inserted else {
                return try reader.parser.skipNode()
            }
            switch key {
            case "evdev": try reader.readDescription(index, path: path)
            case "udev": try reader.readUdev(index, path: path)
            default: try reader.readEvents(index, path: path)
            }
        }
        if !seen.contains("evdev") { fail(index, .evdev, entry) }
    }

    private mutating func readDescription(_ index: Int, path: String) throws(RecordingError) {
        guard parser.kind == .mappingStart else {
            fail(index, .evdev, mismatch("\(path).evdev", expected: "a mapping"))
            return try parser.skipNode()
        }
        devices[index].line = parser.line
        var seen: Set<String> = []
        try pairs { reader, key throws(RecordingError) in
            guard seen.insert(key).inserted else { return try reader.parser.skipNode() }
            switch key {
            case "name":
                guard reader.parser.kind == .scalar || reader.parser.kind == .alias else {
                    reader.fail(index, .name, reader.mismatch("\(path).evdev.name", expected: "a string"))
                    return try reader.parser.skipNode()
                }
                reader.devices[index].description.name = reader.parser.scalarText
            case "id":
                let line = reader.parser.line
                guard let ids = try reader.integers(path: "\(path).evdev.id", as: UInt16.self, device: index, .id) else { return }
                guard ids.count == 4 else {
                    return reader.fail(index, .id, RecordingError(file: reader.file, line: line,
                        message: "\(path).evdev.id: expected [bus, vendor, product, version], found \(ids.count) numbers"))
                }
                (reader.devices[index].description.bustype, reader.devices[index].description.vendor,
                 reader.devices[index].description.product, reader.devices[index].description.version) = (ids[0], ids[1], ids[2], ids[3])
            case "codes": try reader.readCodes(index, path: path)
            case "absinfo": try reader.readAbsinfo(index, path: path)
            case "properties":
                guard !reader.isNull else { return }
                guard let list = try reader.integers(path: "\(path).evdev.properties", as: UInt16.self, device: index,
                                                     .properties) else { return }
                reader.devices[index].description.properties = Set(list)
            default:
                try reader.parser.skipNode()
            }
        }
    }

    private mutating func readCodes(_ index: Int, path: String) throws(RecordingError) {
        guard !isNull else { return }
        guard parser.kind == .mappingStart else {
            fail(index, .codes, mismatch("\(path).evdev.codes", expected: "a mapping of event type to codes"))
            return try parser.skipNode()
        }
        try pairs { reader, key throws(RecordingError) in
            let type: UInt16? = reader.integer(key, path: "\(path).evdev.codes", device: index, .codes)
            guard let list = try reader.integers(path: "\(path).evdev.codes.\(key)", as: UInt16.self, device: index,
                                                 .codes), let type else { return }
            if type != EventType.syn { reader.devices[index].description.codes[type] = Set(list) }
        }
    }

    private mutating func readAbsinfo(_ index: Int, path: String) throws(RecordingError) {
        guard !isNull else { return }
        guard parser.kind == .mappingStart else {
            fail(index, .absinfo, mismatch("\(path).evdev.absinfo",
                                           expected: "a mapping of axis code to [min, max, fuzz, flat, resolution]"))
            return try parser.skipNode()
        }
        try pairs { reader, key throws(RecordingError) in
            let code: UInt16? = reader.integer(key, path: "\(path).evdev.absinfo", device: index, .absinfo)
            let line = reader.parser.line
            guard let numbers = try reader.integers(path: "\(path).evdev.absinfo.\(key)", as: Int32.self, device: index,
                                                    .absinfo), let code else { return }
            guard numbers.count == 5 else {
                return reader.fail(index, .absinfo, RecordingError(file: reader.file, line: line,
                    message: "\(path).evdev.absinfo.\(key): expected [min, max, fuzz, flat, resolution], found \(numbers.count) numbers"))
            }
            reader.devices[index].description.absInfo[code] = AbsInfo(minimum: numbers[0], maximum: numbers[1],
                                                                      fuzz: numbers[2], flat: numbers[3], resolution: numbers[4])
        }
    }

    /// A mapping's key as a number; the error is at its value's line, as the tree gave it.
    private mutating func integer<T: FixedWidthInteger>(_ key: String, path: String, device: Int, _ check: Check) -> T? {
        guard let value = YAMLInteger.parse(key, as: T.self) else {
            fail(device, check, RecordingError(file: file, line: parser.line,
                                               message: "\(path): expected an integer, found \"\(key.prefix(30))\""))
            return nil
        }
        return value
    }

    /// `udev.properties`: the `LIBINPUT_CALIBRATION_MATRIX=a b c d e f` line, if there is one.
    private mutating func readUdev(_ index: Int, path: String) throws(RecordingError) {
        guard parser.kind == .mappingStart else { return try parser.skipNode() }
        var seen = false
        try pairs { reader, key throws(RecordingError) in
            guard key == "properties", !seen else { return try reader.parser.skipNode() }
            seen = true
            guard !reader.isNull else { return }
            guard reader.parser.kind == .sequenceStart else {
                reader.fail(index, .udev, reader.mismatch("\(path).udev.properties", expected: "a list of KEY=value lines"))
                return try reader.parser.skipNode()
            }
            let prefix = "LIBINPUT_CALIBRATION_MATRIX="
            var found = false
            try reader.items { reader, _ throws(RecordingError) in
                guard !found, reader.parser.kind == .scalar, reader.parser.scalar.starts(with: prefix.utf8) else {
                    return try reader.parser.skipNode()
                }
                found = true
                let text = reader.parser.scalarText
                guard let matrix = CalibrationMatrix(text: text.dropFirst(prefix.count)) else {
                    return reader.fail(index, .udev, RecordingError(file: reader.file, line: reader.parser.line,
                        message: "\(path).udev.properties: expected six numbers after \(prefix), found \"\(text)\""))
                }
                reader.devices[index].description.calibration = matrix
            }
        }
    }

    private mutating func readEvents(_ index: Int, path: String) throws(RecordingError) {
        guard !isNull else { return }
        guard parser.kind == .sequenceStart else {
            fail(index, .events, mismatch("\(path).events", expected: "a list of events"))
            return try parser.skipNode()
        }
        try items { reader, frame throws(RecordingError) in
            // Its frames' indexes (in messages only) count as one: any error reads the file again, uncondensed.
            if reader.parser.kind == .frames {
                let run = reader.parser.takeFrames()
                reader.devices[index].eventCount += run.eventCount
                if run.hasPosition { reader.devices[index].hasPosition = true }
                return
            }
            guard reader.parser.kind == .mappingStart else {
                reader.fail(index, .events, reader.mismatch("\(path).events[\(frame)]", expected: "a mapping such as \"evdev: [...]\""))
                return try reader.parser.skipNode()
            }
            var seen = false
            try reader.pairs { reader, key throws(RecordingError) in
                guard key == "evdev", !seen else { return try reader.parser.skipNode() }
                seen = true
                try reader.readFrame(index, path: "\(path).events[\(frame)].evdev")
            }
        }
    }

    private mutating func readFrame(_ index: Int, path: String) throws(RecordingError) {
        guard parser.kind == .sequenceStart else {
            fail(index, .events, mismatch(path, expected: "a list of [sec, usec, type, code, value]"))
            return try parser.skipNode()
        }
        try items { reader, _ throws(RecordingError) in
            let line = reader.parser.line
            guard let numbers = try reader.integers(path: path, as: Int64.self, device: index, .events) else { return }
            guard numbers.count == 5 else {
                return reader.fail(index, .events, RecordingError(file: reader.file, line: line,
                    message: "\(path): expected [sec, usec, type, code, value], found \(numbers.count) numbers"))
            }
            guard let event = LibinputRecordParser.event(numbers) else {
                return reader.fail(index, .events, RecordingError(file: reader.file, line: line,
                                                                  message: "\(path): event \(numbers) is out of range"))
            }
            reader.devices[index].eventCount += 1
            if event.isPosition { reader.devices[index].hasPosition = true }
        }
    }

    /// `[sec, usec, type, code, value]` as an event; nil when a number is out of its range.
    static func event(_ numbers: [Int64]) -> InputEvent? {
        event(seconds: numbers[0], microseconds: numbers[1], type: numbers[2], code: numbers[3], value: numbers[4])
    }

    /// The event of a tuple's five numbers; nil when one is out of its range.
    @inline(__always)
    static func event(seconds: Int64, microseconds: Int64, type: Int64, code: Int64, value: Int64) -> InputEvent? {
        guard (0...(Int64.max / 1_000_000 - 1)).contains(seconds), (0..<1_000_000).contains(microseconds),
              let type = UInt16(exactly: type), let code = UInt16(exactly: code),
              let value = Int32(exactly: value) else { return nil }
        return InputEvent(time: Instant(microseconds: seconds * 1_000_000 + microseconds), type: type, code: code, value: value)
    }
}

/// A YAML scalar as an integer, as the tree reader took it: `0x` and hexadecimal digits, or what
/// Swift's integer parsing takes (an optional sign, decimal digits).
enum YAMLInteger {
    static func parse<T: FixedWidthInteger>(_ text: String, as type: T.Type = T.self) -> T? {
        text.hasPrefix("0x") ? T(text.dropFirst(2), radix: 16) : T(text)
    }

    /// From the scalar's bytes: plain decimal digits without a `String`, anything else through `parse`.
    static func parse<T: FixedWidthInteger>(_ bytes: UnsafeRawBufferPointer, as type: T.Type = T.self) -> T? {
        var index = 0
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { index = 1 }
        guard index < bytes.count, bytes.count - index <= 18 else { return parse(String(decoding: bytes, as: UTF8.self)) }
        var magnitude: Int64 = 0
        while index < bytes.count {
            let digit = bytes[index] &- UInt8(ascii: "0")
            guard digit < 10 else { return parse(String(decoding: bytes, as: UTF8.self)) }
            magnitude = magnitude * 10 + Int64(digit)
            index += 1
        }
        return T(exactly: negative ? -magnitude : magnitude)
    }
}

extension InputEvent {
    /// A position on either axis, single-touch or multitouch: what makes a recording a touch one.
    var isPosition: Bool {
        type == EventType.abs
            && (code == AbsCode.x || code == AbsCode.y || code == AbsCode.mtPositionX || code == AbsCode.mtPositionY)
    }
}
