import Testing
@testable import TactileProtocol

/// The encoder writes every number through `Decimal`, two digits at a time into a scratch it
/// moves as whole words, and rounds without libm: these compare it with the plain arithmetic it
/// replaced, on the edges and on many values from a fixed seed.
@Suite("Fixed-point decimals")
struct DecimalTests {
    /// `value` with a point `digits` from its right, the plain way: quotient, point, padded remainder.
    func reference(_ value: Int64, digits: Int) -> String {
        guard digits > 0 else { return String(value) }
        var scale: UInt64 = 1
        for _ in 0..<digits { scale *= 10 }
        let fraction = String(value.magnitude % scale)
        return (value < 0 ? "-" : "") + String(value.magnitude / scale) + "."
            + String(repeating: "0", count: digits - fraction.count) + fraction
    }

    func written(_ value: Int64, digits: Int) -> String {
        var bytes: [UInt8] = []
        Decimal.append(fixedPoint: value, digits: digits, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("edges: zero, one digit, every power of ten, both ends of Int64, every fraction length")
    func edges() {
        var values: [Int64] = [0, 1, 9, 10, 11, 99, 100, 101, 999, 1_000, -1, -10, -99, .max, .min + 1]
        var power: Int64 = 1
        for _ in 0..<18 {
            power *= 10
            values += [power - 1, power, power + 1, -power]
        }
        for value in values {
            for digits in 0...9 {
                #expect(written(value, digits: digits) == reference(value, digits: digits), "\(value), \(digits) decimals")
            }
        }
        var bytes: [UInt8] = []
        Decimal.appendInteger(.min, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == "-9223372036854775808")
    }

    @Test("200,000 values from a fixed seed, of every length and fraction length, match the plain arithmetic")
    func manyValues() {
        var state: UInt64 = 0x5EED
        for _ in 0..<200_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let length = Int(state >> 59) % 19 + 1
            var bound: UInt64 = 1
            for _ in 0..<length { bound *= 10 }
            let magnitude = Int64((state >> 1) % bound)
            let value = state & 1 == 0 ? magnitude : -magnitude
            let digits = Int(state >> 40) % 10
            #expect(written(value, digits: digits) == reference(value, digits: digits))
        }
    }

    @Test("rounding half away from zero agrees with the standard library's, on halves and their neighbours")
    func rounding() {
        var samples: [Double] = [0, -0.0, 0.5, -0.5, 1.5, -1.5, 2.5, 0.49999999999999994, -0.49999999999999994,
                                 4_503_599_627_370_495.5, -4_503_599_627_370_495.5, 9.0e15, -9.0e15]
        var state: UInt64 = 42
        for _ in 0..<100_000 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let whole = Double(Int64(bitPattern: state) % 10_000_000)
            samples += [whole + 0.5, whole - 0.5, (whole + 0.5).nextUp, (whole + 0.5).nextDown,
                        Double(Int64(bitPattern: state) >> 12) / 1_000]
        }
        for sample in samples {
            #expect(Decimal.roundedHalfAwayFromZero(sample) == Int64(sample.rounded(.toNearestOrAwayFromZero)), "\(sample)")
        }
    }

    @Test("a position, a speed and a scale print as the stream writes them; -0.001 prints without its sign")
    func doubles() {
        func text(_ value: Double, _ digits: Int) -> String { Decimal.string(value, digits: digits) }
        #expect(text(101.234, 2) == "101.23")
        #expect(text(-0.125, 2) == "-0.13")
        #expect(text(0.125, 2) == "0.13")
        #expect(text(-0.001, 2) == "0.00")
        #expect(text(210.34, 1) == "210.3")
        #expect(text(1, 3) == "1.000")
        #expect(text(.nan, 2) == "null")
        #expect(text(1e300, 2) == "90000000000000.00")
    }
}
