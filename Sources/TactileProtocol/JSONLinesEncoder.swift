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

    public init(deviceName: String) {
        self.deviceName = deviceName
        var field: [UInt8] = []
        JSONLinesEncoder.appendString(deviceName, to: &field)
        deviceField = field
    }

    /// Appends one line for `event`, ending in "\n".
    public func encode(_ event: GestureEvent, into out: inout [UInt8]) {
        out.append(ascii: "{\"time\":")
        Decimal.append(event.time.microseconds, scale: 1_000_000, digits: 6, to: &out)
        out.append(ascii: ",\"seq\":")
        Decimal.appendInteger(Int64(event.sequence), to: &out)
        out.append(ascii: ",\"device\":")
        out.append(contentsOf: deviceField)
        out.append(ascii: ",\"gesture\":\"")
        out.append(ascii: event.kind.rawValue)
        out.append(ascii: "\",\"phase\":\"")
        out.append(ascii: event.phase.rawValue)
        out.append(ascii: "\",\"fingers\":")
        Decimal.appendInteger(Int64(event.fingers), to: &out)
        field("x", event.location.x, digits: 2, into: &out)
        field("y", event.location.y, digits: 2, into: &out)
        switch event.kind {
        case .tap:
            out.append(ascii: ",\"count\":")
            Decimal.appendInteger(Int64(event.count), to: &out)
        case .longPress:
            out.append(ascii: ",\"tick\":")
            Decimal.appendInteger(Int64(event.tick), to: &out)
            out.append(ascii: ",\"elapsed\":")
            Decimal.append(event.elapsed.microseconds, scale: 1_000_000, digits: 6, to: &out)
        case .drag, .swipe:
            field("dx", event.translation.x, digits: 2, into: &out)
            field("dy", event.translation.y, digits: 2, into: &out)
            field("vx", event.velocity.x, digits: 1, into: &out)
            field("vy", event.velocity.y, digits: 1, into: &out)
            if event.phase == .ended {
                out.append(ascii: ",\"direction\":")
                if let direction = event.direction {
                    out.append(ascii: "\"")
                    out.append(ascii: direction.rawValue)
                    out.append(ascii: "\"")
                } else {
                    out.append(ascii: "null")
                }
            }
        case .magnify:
            field("scale", event.scale, digits: 3, into: &out)
        case .rotate:
            field("angle", event.angleDegrees, digits: 1, into: &out)
        case .pinch:
            field("scale", event.scale, digits: 3, into: &out)
            field("angle", event.angleDegrees, digits: 1, into: &out)
        case .hold:
            break
        }
        if event.fromLibinput { out.append(ascii: ",\"source\":\"libinput\"") }
        out.append(ascii: "}\n")
    }

    /// Appends one line describing a decoded frame (`tactile replay --frames`).
    public func encode(_ frame: borrowing TouchFrame, into out: inout [UInt8]) {
        out.append(ascii: "{\"time\":")
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
