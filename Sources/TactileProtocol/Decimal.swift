/// Fixed-point decimal printing by integer arithmetic: deterministic, locale-free, and free of
/// allocation (digits go straight into the caller's buffer).
public enum Decimal {
    /// The most bytes any of these writes: a sign, 19 digits, a point and up to 9 decimals.
    public static let maximumLength = 32

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

    /// Appends `scaled / scale` with exactly `digits` decimals, where `scale` is 10^digits.
    public static func append(_ scaled: Int64, scale: Int64, digits: Int, to out: inout [UInt8]) {
        out.append(upTo: maximumLength) { write(scaled, scale: scale, digits: digits, to: &$0) }
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
        write(Int64(clamped.rounded(.toNearestOrAwayFromZero)), scale: scale, digits: digits, to: &out)
    }

    /// `append(_:scale:digits:to:)`, into room made beforehand; at most `maximumLength` bytes.
    public static func write(_ scaled: Int64, scale: Int64, digits: Int, to out: inout ByteWriter) {
        precondition(digits <= 9, "Decimal: at most 9 decimals")
        if scaled < 0 { out.write(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        writeInteger(UInt64(magnitude / UInt64(scale)), to: &out)
        guard digits > 0 else { return }
        out.write(UInt8(ascii: "."))
        // The fraction's digits backwards, by the constant 10 (as in `writeInteger`).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: digits) { buffer in
            var fraction = magnitude % UInt64(scale)
            for index in stride(from: digits - 1, through: 0, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
                fraction /= 10
            }
            out.write(UnsafeBufferPointer(buffer))
        }
    }

    public static func writeInteger(_ value: Int64, to out: inout ByteWriter) {
        if value < 0 { out.write(UInt8(ascii: "-")) }
        writeInteger(value.magnitude, to: &out)
    }

    /// The digits are written backwards into a small buffer (dividing by the constant 10, which
    /// compiles to a multiplication) and written at once: dividing by a varying power of ten
    /// per digit was a tenth of a replay's time.
    public static func writeInteger(_ value: UInt64, to out: inout ByteWriter) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            var rest = value
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            out.write(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
