/// libinput's calibration matrix for an absolute device: the udev property
/// `LIBINPUT_CALIBRATION_MATRIX="a b c d e f"`, or `calibration = a b c d e f` in a configuration.
///
/// It is an affine map of coordinates normalised to [0, 1] over each axis's range
/// (`maximum - minimum + 1`, libinput's `absinfo_range`): `x' = a·x + b·y + c`,
/// `y' = d·x + e·y + f`, scaled back to the axis afterwards, as libinput's
/// `evdev_device_calibrate` builds it. So `0 -1 1 1 0 0` turns a screen mounted a quarter turn
/// clockwise the right way round: a finger moving right on the glass moves down on the display.
public struct CalibrationMatrix: Equatable, Sendable, CustomStringConvertible {
    public var a: Double, b: Double, c: Double
    public var d: Double, e: Double, f: Double

    public static let identity = CalibrationMatrix(a: 1, b: 0, c: 0, d: 0, e: 1, f: 0)

    public init(a: Double, b: Double, c: Double, d: Double, e: Double, f: Double) {
        (self.a, self.b, self.c, self.d, self.e, self.f) = (a, b, c, d, e, f)
    }

    /// Exactly six finite numbers, row by row; nil otherwise.
    public init?(_ values: [Double]) {
        guard values.count == 6, values.allSatisfy(\.isFinite) else { return nil }
        self.init(a: values[0], b: values[1], c: values[2], d: values[3], e: values[4], f: values[5])
    }

    /// The property's text: six numbers separated by spaces (or tabs); nil for anything else, as
    /// libinput rejects such a property ("Calibration matrix '…' is invalid").
    public init?(text: some StringProtocol) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).map { Double($0) }
        guard numbers.allSatisfy({ $0 != nil }) else { return nil }
        self.init(numbers.map { $0! })
    }

    public var isIdentity: Bool { self == .identity }

    /// Applies the matrix to a normalised point.
    public func apply(x: Double, y: Double) -> (x: Double, y: Double) {
        (a * x + b * y + c, d * x + e * y + f)
    }

    /// The six numbers as the property writes them.
    public var description: String {
        [a, b, c, d, e, f].map { $0 == $0.rounded() && abs($0) < 1e15 ? String(Int64($0)) : String($0) }
            .joined(separator: " ")
    }
}
