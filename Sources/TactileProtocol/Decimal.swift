/// Fixed-point decimal printing by integer arithmetic: deterministic, locale-free, and free of
/// allocation (digits go straight into the caller's buffer).
public enum Decimal {
    /// `value` with `digits` fixed decimals, as a string (labels, environment variables).
    public static func string(_ value: Double, digits: Int) -> String {
        var bytes: [UInt8] = []
        append(value, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `value` rounded half away from zero to `digits` decimals; -0 prints as 0.
    public static func append(_ value: Double, digits: Int, to out: inout [UInt8]) {
        guard value.isFinite else {
            out.append(contentsOf: "null".utf8)
            return
        }
        var scale: Int64 = 1
        for _ in 0..<digits { scale *= 10 }
        let clamped = Swift.max(-9.0e15, Swift.min(9.0e15, value * Double(scale)))
        append(Int64(clamped.rounded(.toNearestOrAwayFromZero)), scale: scale, digits: digits, to: &out)
    }

    /// Appends `scaled / scale` with exactly `digits` decimals, where `scale` is 10^digits.
    public static func append(_ scaled: Int64, scale: Int64, digits: Int, to out: inout [UInt8]) {
        if scaled < 0 { out.append(UInt8(ascii: "-")) }
        let magnitude = scaled.magnitude
        appendInteger(UInt64(magnitude / UInt64(scale)), to: &out)
        guard digits > 0 else { return }
        out.append(UInt8(ascii: "."))
        // The fraction's digits backwards, by the constant 10 (as in `appendInteger`).
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: digits) { buffer in
            var fraction = magnitude % UInt64(scale)
            for index in stride(from: digits - 1, through: 0, by: -1) {
                buffer[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: fraction % 10)
                fraction /= 10
            }
            out.append(contentsOf: buffer)
        }
    }

    public static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendInteger(value.magnitude, to: &out)
    }

    /// The digits are written backwards into a small buffer (dividing by the constant 10, which
    /// compiles to a multiplication) and appended at once: dividing by a varying power of ten
    /// per digit was a tenth of a replay's time.
    public static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var start = 20
            var rest = value
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
                rest /= 10
            } while rest > 0
            out.append(contentsOf: UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }
}
