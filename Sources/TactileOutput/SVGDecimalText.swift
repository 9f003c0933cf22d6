extension Decimal {
    /// `value` with `digits` fixed decimals as a string, for the labels of a picture.
    static func string(_ value: Double, digits: Int) -> String {
        var bytes: [UInt8] = []
        append(value, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }
}
