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
    /// `E: seconds.uuuuuu tttt cccc value<TAB># comment`, single spaces, 1 to 12 digits of
    /// seconds, six of microseconds, four hexadecimal digits of type and of code, 1 to 8 digits
    /// of value, then the end of the line or a tab or space and the `#` of a comment, whose
    /// bytes are never looked at (every line `evemu-record` writes names its event there). A
    /// narrower reading than the scanner's: what it accepts the scanner reads the same; anything
    /// else (nil) goes on to the scanner.
    ///
    /// Its fields are read eight bytes at a time (`ByteWords`), with no branch per digit: a byte
    /// at a time, a replayed event's reading took 372 instructions, now 320 (callgrind, 1 M events).
    @inline(__always)
    static func parseAsWritten(_ line: UnsafeBufferPointer<UInt8>) -> InputEvent? {
        let count = line.count
        guard count >= 23, let base = line.baseAddress else { return nil }
        let p = UnsafeRawPointer(base)
        guard ByteWords.load32(p, 0) & 0xff_ffff == 0x20_3a45 else { return nil }  // "E: "
        // The seconds run from byte 3 to the first byte that is not a digit, which must be the point.
        let head = ByteWords.load(p, 3)
        let headNonDigits = ByteWords.nonDigits(head)
        let digits = headNonDigits != 0 ? headNonDigits.trailingZeroBitCount / 8
            : 8 + ByteWords.nonDigits(ByteWords.load(p, 11)).trailingZeroBitCount / 8
        guard digits >= 1, digits <= 12, count >= 22 + digits else { return nil }
        let seconds: UInt64 = digits <= 8
            ? ByteWords.decimal(head << (64 - 8 * UInt64(digits)))
            : ByteWords.decimal(head << (128 - 8 * UInt64(digits))) * 100_000_000
                + ByteWords.decimal(ByteWords.load(p, 3 + digits - 8))
        // ".uuuuuu " as one word.
        let fraction = ByteWords.load(p, 3 + digits)
        guard fraction & 0xff == UInt64(UInt8(ascii: ".")), fraction >> 56 == UInt64(UInt8(ascii: " ")),
              ByteWords.nonDigits(fraction & 0x00ff_ffff_ffff_ff00 | 0x3000_0000_0000_0030) == 0 else { return nil }
        let microseconds = ByteWords.decimal((fraction << 8) & 0xffff_ffff_ffff_0000)
        let typeAt = 11 + digits
        guard let type = ByteWords.hex4(ByteWords.load32(p, typeAt)),
              let code = ByteWords.hex4(ByteWords.load32(p, typeAt + 5)),
              base[typeAt + 4] == UInt8(ascii: " "), base[typeAt + 9] == UInt8(ascii: " ") else { return nil }
        var valueAt = typeAt + 10
        let negative = base[valueAt] == UInt8(ascii: "-")
        if negative { valueAt += 1 }
        // The eight bytes from the value's first, or as many as the line has, then zeros: the
        // word ending the line is moved down so as not to read past it.
        let available = count - valueAt
        let valueWord = available >= 8 ? ByteWords.load(p, valueAt)
            : available > 0 ? ByteWords.load(p, count - 8) >> (64 - 8 * UInt64(available)) : 0
        let valueDigits = ByteWords.nonDigits(valueWord).trailingZeroBitCount / 8
        let valueEnd = valueAt + valueDigits
        guard valueDigits >= 1, valueEnd == count
            || (valueEnd + 1 < count && (base[valueEnd] == UInt8(ascii: "\t") || base[valueEnd] == UInt8(ascii: " "))
                && base[valueEnd + 1] == UInt8(ascii: "#")) else { return nil }
        let magnitude = Int32(ByteWords.decimal(valueWord << (64 - 8 * UInt64(valueDigits))))
        return InputEvent(time: Instant(microseconds: Int64(seconds * 1_000_000 + microseconds)),
                          type: type, code: code, value: negative ? -magnitude : magnitude)
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

        /// Only trailing spaces remain, or a `#` comment after them: the general reading drops
        /// a comment before it splits the fields (anything else goes to it).
        mutating func atEnd() -> Bool {
            while index < bytes.count, bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t") { index += 1 }
            return index == bytes.count || bytes[index] == UInt8(ascii: "#")
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
