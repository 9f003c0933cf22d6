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
        var fraction = magnitude % UInt64(scale)
        var divisor = UInt64(scale) / 10
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(fraction / divisor))
            fraction %= divisor
            divisor /= 10
        }
    }

    public static func appendInteger(_ value: Int64, to out: inout [UInt8]) {
        if value < 0 { out.append(UInt8(ascii: "-")) }
        appendInteger(value.magnitude, to: &out)
    }

    public static func appendInteger(_ value: UInt64, to out: inout [UInt8]) {
        var divisor: UInt64 = 1
        while value / divisor >= 10 { divisor *= 10 }
        var rest = value
        while divisor > 0 {
            out.append(UInt8(ascii: "0") + UInt8(rest / divisor))
            rest %= divisor
            divisor /= 10
        }
    }
}
