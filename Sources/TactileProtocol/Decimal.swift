/// Fixed-point decimal printing by integer arithmetic: deterministic, locale-free, and free of
/// allocation (digits go straight into the caller's buffer).
public enum Decimal {
    /// The most bytes any of these writes: a sign, then `ByteWriter.writeDigits`'s room (20
    /// digits and a point, and what lets it move them as whole words).
    public static let maximumLength = 1 + ByteWriter.maximumDigitsLength

    /// `value` with `digits` fixed decimals, as a string (labels, environment variables).
    public static func string(_ value: Double, digits: Int) -> String {
        var bytes: [UInt8] = []
        append(value, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` rounded half away from zero to `digits` decimals; -0 prints as 0.
    public static func append(_ value: Double, digits: Int, to out: inout [UInt8]) {
        out.append(upTo: maximumLength) { write(value, digits: digits, to: &$0) }
    }

    /// Appends `scaled / 10^digits` with exactly `digits` decimals (microseconds as seconds: 6).
    public static func append(fixedPoint scaled: Int64, digits: Int, to out: inout [UInt8]) {
        out.append(upTo: maximumLength) { write(fixedPoint: scaled, digits: digits, to: &$0) }
    }

    public static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        out.append(upTo: maximumLength) { writeInteger(value, to: &$0) }
    }

    /// `append(_:digits:to:)`, into room made beforehand; at most `maximumLength` bytes.
    public static func write(_ value: Double, digits: Int, to out: inout ByteWriter) {
        precondition(digits <= 9, "Decimal: at most 9 decimals")
        guard value.isFinite else {
            out.write(ascii: "null")
            return
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let clamped = Swift.max(-9.0e15, Swift.min(9.0e15, value * Double(scale)))
        write(fixedPoint: roundedHalfAwayFromZero(clamped), digits: digits, to: &out)
    }

    /// `text`, a plain decimal (`-12.3456785`, no exponent), times 10^`digits`, rounded half away
    /// from zero, read digit by digit: a time in seconds past 2^32 has no `Double` for every
    /// microsecond, so reading it through one would not give back what `write(fixedPoint:)` wrote.
    /// Nil for any other form, or a value of more than 18 digits.
    public static func fixedPoint(_ text: String, digits: Int) -> Int64? {
        precondition(digits <= 9, "Decimal: at most 9 decimals")
        var bytes = Substring(text).utf8[...]
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let whole = bytes.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        var fraction = bytes.dropFirst(whole.count)
        if let point = fraction.first {
            guard point == UInt8(ascii: "."), fraction.count > 1 else { return nil }
            fraction = fraction.dropFirst()
        }
        guard !whole.isEmpty, whole.count <= 18 - digits,
              fraction.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else { return nil }
        var scaled: Int64 = 0
        for digit in whole { scaled = scaled * 10 + Int64(digit - UInt8(ascii: "0")) }
        for index in 0..<digits {
            let digit = fraction.dropFirst(index).first.map { Int64($0 - UInt8(ascii: "0")) } ?? 0
            scaled = scaled * 10 + digit
        }
        if let next = fraction.dropFirst(digits).first, next >= UInt8(ascii: "5") { scaled += 1 }
        return negative ? -scaled : scaled
    }

    /// `x.rounded(.toNearestOrAwayFromZero)` for |x| ≤ 9e15, exactly, without the call to libm's
    /// `round` it compiles to: below 2^53 the truncated part and the remainder are both exact.
    @inline(__always)
    static func roundedHalfAwayFromZero(_ x: Double) -> Int64 {
        let truncated = Int64(x)
        let remainder = x - Double(truncated)
        if remainder >= 0.5 { return truncated + 1 }
        if remainder <= -0.5 { return truncated - 1 }
        return truncated
    }

    /// `append(fixedPoint:digits:to:)`, into room made beforehand; at most `maximumLength` bytes.
    @inline(__always)
    public static func write(fixedPoint scaled: Int64, digits: Int, to out: inout ByteWriter) {
        precondition(digits <= 9, "Decimal: at most 9 decimals")
        if scaled < 0 { out.write(UInt8(ascii: "-")) }
        out.writeDigits(scaled.magnitude, fractionDigits: digits)
    }

    /// `appendInteger(_:to:)`, into room made beforehand; at most `maximumLength` bytes.
    @inline(__always)
    public static func writeInteger(_ value: Int64, to out: inout ByteWriter) {
        if value < 0 { out.write(UInt8(ascii: "-")) }
        out.writeDigits(value.magnitude, fractionDigits: 0)
    }
}
