import TactileProtocol

/// The `d` attribute of an SVG `<path>`: absolute moves and lines in user units, one decimal.
///
/// A long contact path is thousands of points, so the data is built as bytes with `Decimal`
/// rather than by string interpolation of doubles (which is neither compact nor deterministic).
struct SVGPathData {
    private var bytes: [UInt8] = []

    /// Starts a new subpath at (x, y).
    mutating func move(to x: Double, _ y: Double) {
        command(UInt8(ascii: "M"), x, y)
    }

    /// A straight line from the current point to (x, y).
    mutating func line(to x: Double, _ y: Double) {
        command(UInt8(ascii: "L"), x, y)
    }

    var text: String { String(decoding: bytes, as: UTF8.self) }

    private mutating func command(_ letter: UInt8, _ x: Double, _ y: Double) {
        if !bytes.isEmpty { bytes.append(UInt8(ascii: " ")) }
        bytes.append(letter)
        Decimal.append(x, digits: 1, to: &bytes)
        bytes.append(UInt8(ascii: " "))
        Decimal.append(y, digits: 1, to: &bytes)
    }
}
