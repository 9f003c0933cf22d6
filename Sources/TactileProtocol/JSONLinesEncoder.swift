import TactileCore

/// Writes gesture events as JSON Lines (the stream of docs/protocol.md) into a byte buffer
/// the caller owns and reuses.
///
/// Numbers are printed with fixed decimals by integer arithmetic, never through the platform's
/// float formatting, so the same events give the same bytes on every machine.
public struct JSONLinesEncoder: Sendable {
    public let deviceName: String
    /// The kind of the device, on every line; nil (null) only where no device is (tests).
    public let surface: SurfaceKind?
    /// The device's name, already escaped as a JSON string (done once, not per event).
    private let deviceField: [UInt8]
    /// What every line starts with: `{`, or `{"file":"…",` for a replay of several files.
    private let lineStart: [UInt8]
    /// The declared gestures' names by label (`GestureEvent.label` − 1).
    private let gestureNames: [String]

    /// - Parameter file: the recording each line says it came from (`tactile replay A B …`);
    ///   nil for no `file` field, as everywhere else.
    /// - Parameter gestureNames: the declared gestures' names, the first labelled 1: an event
    ///   with a label gets its gesture's `"name"`.
    public init(deviceName: String, surface: SurfaceKind?, file: String? = nil, gestureNames: [String] = []) {
        self.deviceName = deviceName
        self.surface = surface
        self.gestureNames = gestureNames
        var field: [UInt8] = []
        JSONLinesEncoder.appendString(deviceName, to: &field)
        deviceField = field
        var start: [UInt8] = [UInt8(ascii: "{")]
        if let file {
            start += Array("\"file\":".utf8)
            JSONLinesEncoder.appendString(file, to: &start)
            start.append(UInt8(ascii: ","))
        }
        lineStart = start
    }

    /// Appends one line for an engine's `event`, ending in "\n".
    public func encode(_ event: GestureEvent, into out: inout [UInt8]) {
        encode(GestureRecord(event, device: deviceName, surface: surface, name: name(of: event)), into: &out)
    }

    /// The declared gesture's name an event's label stands for.
    public func name(of event: GestureEvent) -> String? {
        let index = Int(event.label) - 1
        return gestureNames.indices.contains(index) ? gestureNames[index] : nil
    }

    /// Appends one line for a gesture libinput recognised, ending in "\n".
    public func encode(_ gesture: PassThroughGesture, into out: inout [UInt8]) {
        encode(GestureRecord(gesture, device: deviceName), into: &out)
    }

    /// Appends one line for `record`: the fields its gesture carries, in `StreamField` order.
    /// The device is always this encoder's (its escaped form is kept, not redone per line); the
    /// surface is the record's.
    public func encode(_ record: GestureRecord, into out: inout [UInt8]) {
        let nameRoom = record.name.map { Self.nameKey.count + $0.utf8.count * 6 + 2 } ?? 0
        out.append(upTo: lineStart.count + deviceField.count + layout.maximumFieldsLength + nameRoom) { line in
            line.write(lineStart)
            var fields = layout.fields(of: record.gesture, in: record.phase)
            var first = true
            while let position = fields.popFirst() {
                // `,"key":`, or `"key":` without its comma first on a line.
                layout.writeKey(at: position, first: first, to: &line)
                first = false
                let field = layout.order[position]
                if field == .device {
                    line.write(deviceField)
                    continue
                }
                switch record.value(of: field) {
                case .seconds(let microseconds): Decimal.write(fixedPoint: microseconds, digits: 6, to: &line)
                case .integer(let integer): Decimal.writeInteger(integer, to: &line)
                case .decimal(let number, let digits): Decimal.write(number, digits: digits, to: &line)
                case .text(let text?): Self.writeWord(text, to: &line)
                case .text(nil): line.write(ascii: "null")
                }
            }
            // Last in the line order, and only when some modifier was held.
            if !record.modifiers.isEmpty {
                layout.writeKey(at: layout.modifiersPosition, first: false, to: &line)
                line.write(Array("\"\(record.modifiers.text)\"".utf8))
            }
            if var name = record.name {
                // Last, after the fields every line of its gesture has: a declared gesture's lines
                // are its kinds' lines and one more field.
                line.write(Self.nameKey)
                name.withUTF8 { Self.writeString($0, to: &line) }
            }
            line.write(ascii: "}\n")
        }
    }

    /// `,"name":`, the key of a declared gesture's name.
    private static let nameKey = Array(",\"\(GestureRecord.nameKey)\":".utf8)

    /// Which fields a line carries and how their keys are written, worked out once.
    private let layout = LineLayout.shared

    /// A word of the protocol (gesture, phase, edge, direction and source names) as a JSON
    /// string: the words are ASCII letters and hyphens, with nothing to escape.
    private static func writeWord(_ word: String, to line: inout ByteWriter) {
        var word = word
        word.withUTF8 { bytes in
            precondition(bytes.count <= LineLayout.maximumWordLength,
                         "a stream word longer than \(LineLayout.maximumWordLength) bytes")
            assert(bytes.allSatisfy { $0 > 0x20 && $0 != UInt8(ascii: "\"") && $0 != UInt8(ascii: "\\") })
            line.write(UInt8(ascii: "\""))
            line.write(bytes)
            line.write(UInt8(ascii: "\""))
        }
    }

    /// Appends one line describing a decoded frame (`tactile replay --frames`).
    public func encode(_ frame: borrowing TouchFrame, into out: inout [UInt8]) {
        let frame = copy frame  // a closure cannot capture a borrowed parameter; --frames is a debugging aid
        let contactLength = 8 + 3 * Decimal.maximumLength + 10
        out.append(upTo: lineStart.count + deviceField.count + 64 + 2 * Decimal.maximumLength + frame.count * contactLength) { line in
            line.write(lineStart)
            line.write(ascii: "\"time\":")
            Decimal.write(fixedPoint: frame.time.microseconds, digits: 6, to: &line)
            line.write(ascii: ",\"device\":")
            line.write(deviceField)
            line.write(ascii: ",\"fingers\":")
            Decimal.writeInteger(Int64(frame.fingerCount), to: &line)
            line.write(ascii: ",\"contacts\":[")
            for index in 0..<frame.count {
                let contact = frame[index]
                if index > 0 { line.write(UInt8(ascii: ",")) }
                line.write(ascii: "{\"id\":")
                Decimal.writeInteger(Int64(contact.id), to: &line)
                line.write(ascii: ",\"x\":")
                Decimal.write(contact.x, digits: 2, to: &line)
                line.write(ascii: ",\"y\":")
                Decimal.write(contact.y, digits: 2, to: &line)
                line.write(UInt8(ascii: "}"))
            }
            line.write(ascii: "]}\n")
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }

    /// Appends `text` as a JSON string literal, escaping quotes, backslashes and control characters:
    /// the stream's strings, and those of `--explain=json`.
    public static func appendString(_ text: String, to out: inout [UInt8]) {
        var text = text
        text.withUTF8 { bytes in out.append(upTo: bytes.count * 6 + 2) { writeString(bytes, to: &$0) } }
    }

    /// `appendString`, into room made beforehand: at most six bytes per byte of `text`, plus two.
    private static func writeString(_ text: UnsafeBufferPointer<UInt8>, to out: inout ByteWriter) {
        out.write(UInt8(ascii: "\""))
        for byte in text {
            switch byte {
            case UInt8(ascii: "\""): out.write(ascii: "\\\"")
            case UInt8(ascii: "\\"): out.write(ascii: "\\\\")
            case UInt8(ascii: "\n"): out.write(ascii: "\\n")
            case UInt8(ascii: "\t"): out.write(ascii: "\\t")
            case 0..<0x20:
                out.write(ascii: "\\u00")
                out.write(hexDigit(byte >> 4))
                out.write(hexDigit(byte & 0xf))
            default: out.write(byte)
            }
        }
        out.write(UInt8(ascii: "\""))
    }
}
