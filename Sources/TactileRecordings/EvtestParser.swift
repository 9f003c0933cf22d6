import TactileCore
import TactileEvdev

/// Reads what `evtest` prints: a header (`Input device name: "…"`, `Input device ID: …`,
/// the indented `Supported events:` and `Properties:` blocks), then one
/// `Event: time S.U, type T (…), code C (…), value V` line per event, with SYN events printed
/// as `Event: time S.U, -------------- SYN_REPORT ------------`. Dumps pasted into mails have
/// prose before and after, so lines that are neither header nor events are skipped.
struct EvtestParser {
    private(set) var description = DeviceDescription(name: "")
    /// The line of `Input device name:`; 0 when the dump has none.
    private(set) var headerLine = 0
    private(set) var events: [InputEvent] = []

    private enum Block {
        case none
        case supportedEvents(type: UInt16?, axis: UInt16?)
        case properties
    }

    private var block = Block.none

    /// evtest prints these `EV_MSC` values in hexadecimal (MSC_RAW, MSC_SCAN).
    private static let hexadecimalMiscCodes: Set<UInt16> = [3, 4]

    init(lines: [TextLine]) throws(RecordingError) {
        for line in lines {
            try read(line)
        }
    }

    private mutating func read(_ line: TextLine) throws(RecordingError) {
        let text = line.text
        if text.hasPrefix("Event: time ") {
            block = .none
            events.append(try EvtestParser.event(line))
        } else if text.hasPrefix("Input device name:") {
            block = .none
            headerLine = line.number
            let name = text.dropFirst("Input device name:".count).trimmingWhitespace()
            description.name = String(name.hasPrefix("\"") && name.hasSuffix("\"") && name.count >= 2
                ? name.dropFirst().dropLast() : name)
        } else if text.hasPrefix("Input device ID:") {
            try readIDs(line)
        } else if text.hasPrefix("Supported events:") {
            block = .supportedEvents(type: nil, axis: nil)
        } else if text.hasPrefix("Properties:") {
            block = .properties
        } else if text.first == " " || text.first == "\t" {
            try readBlockLine(line)
        } else {
            block = .none
        }
    }

    private mutating func readIDs(_ line: TextLine) throws(RecordingError) {
        let fields = line.fields(after: "Input device ID:")
        guard fields.count == 8 else {
            throw line.error("expected \"Input device ID: bus 0x… vendor 0x… product 0x… version 0x…\"")
        }
        description.bustype = try line.hex(fields[1], "bus")
        description.vendor = try line.hex(fields[3], "vendor")
        description.product = try line.hex(fields[5], "product")
        description.version = try line.hex(fields[7], "version")
    }

    private mutating func readBlockLine(_ line: TextLine) throws(RecordingError) {
        let fields = line.text.split(whereSeparator: { $0 == " " || $0 == "\t" })
        switch block {
        case .none:
            return
        case .properties:
            if fields.count >= 3 && fields[0] == "Property" && fields[1] == "type" {
                description.properties.insert(try line.decimal(fields[2], "property"))
            }
        case .supportedEvents(let type, let axis):
            if fields.count >= 3 && fields[0] == "Event" && fields[1] == "type" {
                let newType: UInt16 = try line.decimal(fields[2], "event type")
                block = .supportedEvents(type: newType, axis: nil)
            } else if fields.count >= 3 && fields[0] == "Event" && fields[1] == "code", let type {
                let code: UInt16 = try line.decimal(fields[2], "event code")
                if type != EventType.syn { description.codes[type, default: []].insert(code) }
                if type == EventType.abs {
                    description.absInfo[code] = AbsInfo(minimum: 0, maximum: 0)
                    block = .supportedEvents(type: type, axis: code)
                }
            } else if fields.count == 2, let axis {
                let number: Int32 = try line.decimal(fields[1], "\(fields[0]) of axis \(axis)")
                switch fields[0] {
                case "Value": description.absInfo[axis]?.value = number
                case "Min": description.absInfo[axis]?.minimum = number
                case "Max": description.absInfo[axis]?.maximum = number
                case "Fuzz": description.absInfo[axis]?.fuzz = number
                case "Flat": description.absInfo[axis]?.flat = number
                case "Resolution": description.absInfo[axis]?.resolution = number
                default: break
                }
            }
        }
    }

    /// One `Event: time …` line.
    private static func event(_ line: TextLine) throws(RecordingError) -> InputEvent {
        let parts = line.text.dropFirst("Event: time ".count).split(separator: ",", maxSplits: 3)
            .map { $0.trimmingWhitespace() }
        guard let timeField = parts.first else { throw line.error("expected \"Event: time seconds.microseconds, …\"") }
        let time = try line.timestamp(timeField)
        if parts.count == 2 {
            let marker = parts[1]
            for (name, code) in [("SYN_REPORT", SynCode.report), ("SYN_MT_REPORT", SynCode.mtReport),
                                 ("SYN_DROPPED", SynCode.dropped), ("SYN_CONFIG", SynCode.config)]
            where marker.split(whereSeparator: { $0 == " " || $0 == "-" || $0 == "+" }) == [Substring(name)] {
                return InputEvent(time: time, type: EventType.syn, code: code, value: 0)
            }
        }
        guard parts.count == 4, parts[1].hasPrefix("type "), parts[2].hasPrefix("code "), parts[3].hasPrefix("value ")
        else {
            throw line.error("expected \"Event: time S.U, type T (…), code C (…), value V\" or a SYN_REPORT line")
        }
        let type: UInt16 = try line.decimal(leadingNumber(parts[1].dropFirst(5)), "event type")
        let code: UInt16 = try line.decimal(leadingNumber(parts[2].dropFirst(5)), "event code")
        let valueField = parts[3].dropFirst(6).trimmingWhitespace()
        let value: Int32 = type == EventType.msc && hexadecimalMiscCodes.contains(code)
            ? try line.hex(valueField, "event value")
            : try line.decimal(valueField, "event value")
        return InputEvent(time: time, type: type, code: code, value: value)
    }

    /// `3 (EV_ABS)` → `3`.
    private static func leadingNumber(_ text: Substring) -> Substring {
        text.prefix(while: { $0 != " " && $0 != "(" })
    }
}

extension EvtestParser {
    /// The devices of an evtest dump (pasted text, small, read whole), with the file and line
    /// its description starts on.
    static func devices(_ reader: LineReader) throws(RecordingError)
        -> [(device: RecordedDevice, file: String, line: Int)] {
        var reader = reader
        var lines: [TextLine] = []
        while let line = try reader.nextLine() { lines.append(try reader.textLine(line)) }
        let path = reader.file
        let parser = try EvtestParser(lines: lines)
        guard parser.headerLine > 0 else {
            throw RecordingError(file: path, line: lines.first(where: { $0.text.hasPrefix("Event: time") })?.number ?? 0,
                                 message: "evtest output without its header: expected an \"Input device name:\" line "
                                     + "and a \"Supported events:\" block before the events")
        }
        return [(RecordedDevice(description: parser.description, events: parser.events), path, parser.headerLine)]
    }
}
