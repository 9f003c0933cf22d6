/// An angle, as SwiftUI's `Angle`: made from and read as degrees or radians.
///
/// Stored in degrees, the unit the recognizers measure and the wire carries, so an angle read back
/// in degrees is exactly the number it was made from. Clockwise is positive, in device coordinates
/// (y grows downward).
public struct Angle: Comparable, Hashable, Sendable {
    /// The angle in degrees.
    public var degrees: Double

    /// The angle in radians.
    @inlinable public var radians: Double {
        get { degrees * .pi / 180 }
        set { degrees = newValue * 180 / .pi }
    }

    /// No rotation.
    public static let zero = Angle(degrees: 0)

    /// An angle of `degrees`.
    @inlinable public init(degrees: Double) { self.degrees = degrees }

    /// An angle of `radians`.
    @inlinable public init(radians: Double) { self.degrees = radians * 180 / .pi }

    /// An angle of `value` degrees.
    @inlinable public static func degrees(_ value: Double) -> Angle { Angle(degrees: value) }

    /// An angle of `value` radians.
    @inlinable public static func radians(_ value: Double) -> Angle { Angle(radians: value) }

    @inlinable public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.degrees < rhs.degrees }
}
