/// The range and resolution of one absolute axis (`struct input_absinfo`).
public struct AbsInfo: Equatable, Hashable, Sendable {
    public var value: Int32
    public var minimum: Int32
    public var maximum: Int32
    public var fuzz: Int32
    public var flat: Int32
    /// Units per millimetre for position axes; 0 when the kernel does not know.
    public var resolution: Int32

    public init(
        value: Int32 = 0, minimum: Int32, maximum: Int32,
        fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0
    ) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }

    /// How many distinct values the axis takes, as libinput's `absinfo_range` counts them
    /// (`maximum - minimum + 1`); at least 1, so it is always safe to divide by.
    public var range: Double {
        max(Double(maximum) - Double(minimum) + 1, 1)
    }
}
