import TactileCore
import TactileEvdev

/// The fast reading of an evemu event line, `E: seconds.microseconds type code value`, straight
/// from its UTF-8 bytes: a recording is nearly all such lines, and reading them through
/// `Substring` and `Character` took most of a replay's time. It accepts exactly what the general
/// reading (`TextLine`'s fields and numbers) accepts and leaves everything else, errors
/// included, to it, so messages do not change.
enum EvemuEventLine {
    /// The event, or nil when the line is not one this reading is sure of.
    static func parse(_ line: Substring) -> InputEvent? {
        let utf8 = line.utf8
        return utf8.withContiguousStorageIfAvailable { parse($0) } ?? nil
    }

    /// A line as `LineReader` hands it out: first as `evemu-record` writes it, then by the scanner.
    @inline(__always)
    static func parse(_ line: UnsafeRawBufferPointer) -> InputEvent? {
        let bytes = line.assumingMemoryBound(to: UInt8.self)
        return parseAsWritten(bytes) ?? parse(bytes)
    }

    /// The form `evemu-record` writes, and so nearly every line of a recording:
    /// `E: seconds.uuuuuu tttt cccc value`, single spaces, six digits of microseconds, four
    /// hexadecimal digits of type and of code, nothing after the value. A narrower reading than
    /// the scanner's, without its calls and optionals: what it accepts the scanner reads the
    /// same; anything else (nil) goes on to the scanner.
    @inline(__always)
    static func parseAsWritten(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        let count = line.count
        guard count >= 23, let p = line.baseAddress,
              p[0] == UInt8(ascii: "E"), p[1] == UInt8(ascii: ":"), p[2] == UInt8(ascii: " ") else { return nil }
        var index = 3
        var seconds: Int64 = 0
        while index < count, index < 15, case let digit = p[index] &- UInt8(ascii: "0"), digit < 10 {
            seconds = seconds &* 10 &+ Int64(digit)
            index += 1
        }
        // 1 to 12 digits, then the point and six digits, a space and "tttt cccc ".
        guard index > 3, index + 18 <= count, p[index] == UInt8(ascii: ".") else { return nil }
        var microseconds: Int64 = 0
        for offset in 1...6 {
            let digit = p[index + offset] &- UInt8(ascii: "0")
            guard digit < 10 else { return nil }
            microseconds = microseconds &* 10 &+ Int64(digit)
        }
        index += 7
        guard p[index] == UInt8(ascii: " "), let type = hex4(p + index + 1), p[index + 5] == UInt8(ascii: " "),
              let code = hex4(p + index + 6), p[index + 10] == UInt8(ascii: " ") else { return nil }
        index += 11
        guard index < count else { return nil }
        let negative = p[index] == UInt8(ascii: "-")
        if negative { index += 1 }
        let digitsStart = index
        var magnitude: Int64 = 0
        while index < count, case let digit = p[index] &- UInt8(ascii: "0"), digit < 10 {
            magnitude = magnitude &* 10 &+ Int64(digit)
            index += 1
        }
        guard index == count, index > digitsStart, index - digitsStart <= 10,
              let value = Int32(exactly: negative ? -magnitude : magnitude) else { return nil }
        return InputEvent(time: Instant(microseconds: seconds * 1_000_000 + microseconds),
                          type: type, code: code, value: value)
    }

    /// Exactly four hexadecimal digits.
    @inline(__always)
    private static func hex4(_ p: UnsafePointer<UInt8>) -> UInt16? {
        var value: UInt16 = 0
        for offset in 0..<4 {
            let byte = p[offset]
            let digit = byte &- UInt8(ascii: "0")
            let letter = (byte | 0x20) &- UInt8(ascii: "a")
            if digit < 10 {
                value = value << 4 | UInt16(digit)
            } else if letter < 6 {
                value = value << 4 | UInt16(letter + 10)
            } else {
                return nil
            }
        }
        return value
    }

    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        var scanner = Scanner(bytes: bytes)
        guard scanner.take(UInt8(ascii: "E")), scanner.take(UInt8(ascii: ":")), scanner.skipSpaces(),
            let seconds = scanner.decimal(maximumDigits: 12), scanner.take(UInt8(ascii: ".")),
            let (fraction, digits) = scanner.fraction(), scanner.skipSpaces(),
            let type = scanner.hex(), type <= 0xffff, scanner.skipSpaces(),
            let code = scanner.hex(), code <= 0xffff, scanner.skipSpaces(),
            let value = scanner.signedDecimal(), scanner.atEnd()
        else { return nil }
        var microseconds = fraction
        for _ in digits..<6 { microseconds *= 10 }
        return InputEvent(time: Instant(microseconds: seconds * 1_000_000 + microseconds),
                          type: UInt16(type), code: UInt16(code), value: value)
    }

    /// A cursor over the line's bytes.
    private struct Scanner {
        let bytes: UnsafeBufferPointer<UInt8>
        var index = 0

        init(bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

        mutating func take(_ byte: UInt8) -> Bool {
            guard index < bytes.count, bytes[index] == byte else { return false }
            index += 1
            return true
        }

        /// At least one space or tab.
        mutating func skipSpaces() -> Bool {
            let start = index
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            return index > start
        }

        /// Only trailing spaces remain (a `#` comment or anything else goes to the general reading).
        mutating func atEnd() -> Bool {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            return index == bytes.count
        }

        /// 1 to `maximumDigits` decimal digits.
        mutating func decimal(maximumDigits: Int) -> Int64? {
            var value: Int64 = 0
            let start = index
            while index < bytes.count, index - start < maximumDigits, let digit = Self.digit(bytes[index]) {
                value = value * 10 + Int64(digit)
                index += 1
            }
            guard index > start, index == bytes.count || Self.digit(bytes[index]) == nil else { return nil }
            return value
        }

        /// The microseconds after the point: 1 to 6 digits, and how many there were.
        mutating func fraction() -> (Int64, Int)? {
            let start = index
            guard let value = decimal(maximumDigits: 6) else { return nil }
            return (value, index - start)
        }

        /// An optional `0x`, then 1 to 8 hexadecimal digits.
        mutating func hex() -> UInt32? {
            if index + 1 < bytes.count, bytes[index] == UInt8(ascii: "0"), bytes[index + 1] == UInt8(ascii: "x") { index += 2 }
            var value: UInt32 = 0
            let start = index
            while index < bytes.count, index - start < 8, let digit = Self.hexDigit(bytes[index]) {
                value = value << 4 | UInt32(digit)
                index += 1
            }
            guard index > start, index == bytes.count || Self.hexDigit(bytes[index]) == nil else { return nil }
            return value
        }

        /// An optional `-`, then 1 to 10 decimal digits within Int32.
        mutating func signedDecimal() -> Int32? {
            let negative = take(UInt8(ascii: "-"))
            guard let magnitude = decimal(maximumDigits: 10) else { return nil }
            return Int32(exactly: negative ? -magnitude : magnitude)
        }

        static func digit(_ byte: UInt8) -> UInt8? {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") ? byte - UInt8(ascii: "0") : nil
        }

        static func hexDigit(_ byte: UInt8) -> UInt8? {
            if let digit = digit(byte) { return digit }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "f"): return byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): return byte - UInt8(ascii: "A") + 10
            default: return nil
            }
        }
    }
}
