/// How far something moved, or how fast, in millimetres: a drag's translation and velocity, as
/// SwiftUI reports them in a `CGSize` of points. `width` is rightward, `height` downward.
public struct Size: Equatable, Sendable {
    /// Millimetres rightward (millimetres per second, for a velocity).
    public var width: Double
    /// Millimetres downward (millimetres per second, for a velocity).
    public var height: Double

    /// `width` rightward and `height` downward, in millimetres.
    @inlinable public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// No movement.
    public static let zero = Size(width: 0, height: 0)

    /// The displacement `vector`, as a size.
    init(_ vector: Point) { self.init(width: vector.x, height: vector.y) }
}
