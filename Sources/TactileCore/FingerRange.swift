extension ClosedRange where Bound == Int {
    /// Every finger count the default gesture set distinguishes.
    public static let anyFingers: ClosedRange<Int> = 1...5
    /// Magnify and rotate need two contacts.
    public static let multipleFingers: ClosedRange<Int> = 2...5
}
