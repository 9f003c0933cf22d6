import TactileCore
import TactileEvdev

/// Reads evemu files (`evemu-record`, EVEMU 1.1–1.3) a line at a time: a header of `N:` name,
/// `I:` ids, `P:` property bitmask bytes, `B:` type + code bitmask bytes and `A:` axis lines,
/// then `E: seconds.microseconds type code value` events; `#` starts a comment. Events-only
/// files (`.events`) have no header: it lives in a separate `.desc` file.
struct EvemuParser {
    /// The header, if the file had one.
    var description: DeviceDescription? { headerLine > 0 ? header : nil }
    /// The line the header started on; 0 without a header.
    private(set) var headerLine = 0
    private var header = DeviceDescription(name: "")
    /// False once the replay has begun on this header: a header line after that would change a
    /// device whose events were already replayed, so it is an error.
    var acceptsHeader = true

    /// Bytes read so far per `B:` type and for `P:`: each line continues where the previous
    /// line of the same kind stopped.
    private var bitmaskOffsets: [UInt16: Int] = [:]
    private var propertyOffset = 0

    /// Reads one line: the event it holds, or nil for a header line, a comment or a blank line.
    mutating func read(_ line: TextLine) throws(RecordingError) -> InputEvent? {
        if let event = EvemuEventLine.parse(line.text) { return event }
        let text = line.text
        if text.allSatisfy(\.isWhitespace) || text.hasPrefix("#") { return nil }
        let kind = text.prefix(2)
        if kind == "E:" { return try readEvent(line) }
        if !acceptsHeader && ["N:", "I:", "P:", "B:", "A:"].contains(kind) {
            throw line.error("evemu header line (\(kind)) after the device's events began: expected E: lines")
        }
        switch kind {
        case "N:":
            startHeader(at: line)
            header.name = String(text.dropFirst(2).trimmingWhitespace())
        case "I:":
            let fields = line.fields(after: "I:")
            guard fields.count == 4 else {
                throw line.error("I: line needs 4 hexadecimal ids (bus vendor product version), found \(fields.count)")
            }
            var ids: [UInt16] = []
            for field in fields { ids.append(try line.hex(field, "device id")) }
            startHeader(at: line)
            (header.bustype, header.vendor, header.product, header.version) = (ids[0], ids[1], ids[2], ids[3])
        case "P:":
            startHeader(at: line)
            for field in line.fields(after: "P:") {
                let byte: UInt8 = try line.hex(field, "property byte")
                for bit in 0..<8 where byte & (1 << bit) != 0 {
                    header.properties.insert(try EvemuParser.code(propertyOffset * 8 + bit, line))
                }
                propertyOffset += 1
            }
        case "B:":
            try readBitmask(line)
        case "A:":
            try readAxis(line)
        default:
            throw line.error("expected an evemu line (N:, I:, P:, B:, A:, E: or a # comment), found \"\(text.prefix(40))\"")
        }
        return nil
    }

    /// Notes that a header line was read, remembering where the header starts.
    private mutating func startHeader(at line: TextLine) {
        if headerLine == 0 { headerLine = line.number }
    }

    private func readEvent(_ line: TextLine) throws(RecordingError) -> InputEvent {
        let fields = line.fields(after: "E:")
        guard fields.count == 4 else {
            throw line.error("E: line needs \"seconds.microseconds type code value\", found \(fields.count) fields")
        }
        return InputEvent(
            time: try line.timestamp(fields[0]),
            type: try line.hex(fields[1], "event type"),
            code: try line.hex(fields[2], "event code"),
            value: try line.decimal(fields[3], "event value")
        )
    }

    private mutating func readBitmask(_ line: TextLine) throws(RecordingError) {
        let fields = line.fields(after: "B:")
        guard let typeField = fields.first else {
            throw line.error("B: line needs an event type and bitmask bytes")
        }
        let type: UInt16 = try line.hex(typeField, "event type")
        var offset = bitmaskOffsets[type, default: 0]
        var codes: Set<UInt16> = []
        for field in fields.dropFirst() {
            let byte: UInt8 = try line.hex(field, "bitmask byte")
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                codes.insert(try EvemuParser.code(offset * 8 + bit, line))
            }
            offset += 1
        }
        bitmaskOffsets[type] = offset
        startHeader(at: line)
        // For type 0 evemu stores the device's event types, not EV_SYN codes: not a code set.
        if type != EventType.syn { header.codes[type, default: []].formUnion(codes) }
    }

    /// The code a bitmask bit stands for. Codes are 16 bits, so a bit past 65535 (a bitmask of
    /// more than 8 KB, which trapped the conversion) is a malformed line.
    private static func code(_ bit: Int, _ line: TextLine) throws(RecordingError) -> UInt16 {
        guard let code = UInt16(exactly: bit) else {
            throw line.error("bitmask longer than 8192 bytes: bit \(bit) is beyond the largest code, 65535")
        }
        return code
    }

    private mutating func readAxis(_ line: TextLine) throws(RecordingError) {
        let fields = line.fields(after: "A:")
        guard fields.count == 5 || fields.count == 6 else {
            throw line.error("A: line needs \"code min max fuzz flat [resolution]\", found \(fields.count) fields")
        }
        let code: UInt16 = try line.hex(fields[0], "axis code")
        var numbers: [Int32] = []
        for field in fields.dropFirst() {
            numbers.append(try line.decimal(field, "axis value"))
        }
        startHeader(at: line)
        header.absInfo[code] = AbsInfo(
            minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
            resolution: numbers.count == 5 ? numbers[4] : 0
        )
    }
}
