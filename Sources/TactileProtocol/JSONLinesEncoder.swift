import TactileCore

/// Writes gesture events as JSON Lines (the output contract of DESIGN.md) into a byte buffer
/// the caller owns and reuses.
///
/// Numbers are printed with fixed decimals by integer arithmetic, never through the platform's
/// float formatting, so the same events give the same bytes on every machine.
public struct JSONLinesEncoder: Sendable {
    public let deviceName: String
    /// The device's name, already escaped as a JSON string (done once, not per event).
    private let deviceField: [UInt8]
    /// What every line starts with: `{`, or `{"file":"…",` for a replay of several files.
    private let lineStart: [UInt8]

    /// - Parameter file: the recording each line says it came from (`tactile replay A B …`);
    ///   nil for no `file` field, as everywhere else.
    public init(deviceName: String, file: String? = nil) {
        self.deviceName = deviceName
        var field: [UInt8] = []
        JSONLinesEncoder.appendString(deviceName, to: &field)
        deviceField = field
        var start: [UInt8] = [UInt8(ascii: "{")]
        if let file {
            start.append(ascii: "\"file\":")
            JSONLinesEncoder.appendString(file, to: &start)
            start.append(UInt8(ascii: ","))
        }
        lineStart = start
    }

    /// Appends one line for an engine's `event`, ending in "\n".
    public func encode(_ event: GestureEvent, into out: inout [UInt8]) {
        encode(GestureRecord(event, device: deviceName), into: &out)
    }

    /// Appends one line for a gesture libinput recognised, ending in "\n".
    public func encode(_ gesture: PassThroughGesture, into out: inout [UInt8]) {
        encode(GestureRecord(gesture, device: deviceName), into: &out)
    }

    /// Appends one line for `record`: the fields its gesture carries, in `StreamField` order.
    /// The device is always this encoder's (its escaped form is kept, not redone per line).
    public func encode(_ record: GestureRecord, into out: inout [UInt8]) {
        out.append(contentsOf: lineStart)
        var first = true
        for (position, field) in StreamField.lineOrder.enumerated()
        where field.isCarried(by: record.gesture, in: record.phase) {
            out.append(contentsOf: first ? Self.keys[position].first : Self.keys[position].next)
            first = false
            if field == .device {
                out.append(contentsOf: deviceField)
                continue
            }
            switch record.value(of: field) {
            case .seconds(let microseconds): Decimal.append(microseconds, scale: 1_000_000, digits: 6, to: &out)
            case .integer(let integer): Decimal.appendInteger(integer, to: &out)
            case .decimal(let number, let digits): Decimal.append(number, digits: digits, to: &out)
            case .text(let text?): JSONLinesEncoder.appendString(text, to: &out)
            case .text(nil): out.append(ascii: "null")
            }
        }
        out.append(ascii: "}\n")
    }

    /// Each field's key as written before its value, `"key":` first on a line and `,"key":` after
    /// another, in `StreamField.lineOrder`: made once, not per line.
    private static let keys: [(first: [UInt8], next: [UInt8])] = StreamField.lineOrder.map { field in
        let key = Array("\"\(field.key)\":".utf8)
        return (key, [UInt8(ascii: ",")] + key)
    }

    /// Appends one line describing a decoded frame (`tactile replay --frames`).
    public func encode(_ frame: borrowing TouchFrame, into out: inout [UInt8]) {
        out.append(contentsOf: lineStart)
        out.append(ascii: "\"time\":")
        Decimal.append(frame.time.microseconds, scale: 1_000_000, digits: 6, to: &out)
        out.append(ascii: ",\"device\":")
        out.append(contentsOf: deviceField)
        out.append(ascii: ",\"fingers\":")
        Decimal.appendInteger(Int64(frame.fingerCount), to: &out)
        out.append(ascii: ",\"contacts\":[")
        for index in 0..<frame.count {
            let contact = frame[index]
            if index > 0 { out.append(UInt8(ascii: ",")) }
            out.append(ascii: "{\"id\":")
            Decimal.appendInteger(Int64(contact.id), to: &out)
            field("x", contact.x, digits: 2, into: &out)
            field("y", contact.y, digits: 2, into: &out)
            out.append(UInt8(ascii: "}"))
        }
        out.append(ascii: "]}\n")
    }

    private func field(_ name: StaticString, _ value: Double, digits: Int, into out: inout [UInt8]) {
        out.append(ascii: ",\"")
        name.withUTF8Buffer { out.append(contentsOf: $0) }
        out.append(ascii: "\":")
        Decimal.append(value, digits: digits, to: &out)
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters.
    static func appendString(_ text: String, to out: inout [UInt8]) {
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): out.append(ascii: "\\\"")
            case UInt8(ascii: "\\"): out.append(ascii: "\\\\")
            case UInt8(ascii: "\n"): out.append(ascii: "\\n")
            case UInt8(ascii: "\t"): out.append(ascii: "\\t")
            case 0..<0x20:
                out.append(ascii: "\\u00")
                out.append(hexDigit(byte >> 4))
                out.append(hexDigit(byte & 0xf))
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension Array where Element == UInt8 {
    @inline(__always) mutating func append(ascii text: StaticString) {
        text.withUTF8Buffer { append(contentsOf: $0) }
    }

    @inline(__always) mutating func append(ascii text: String) {
        append(contentsOf: text.utf8)
    }
}
