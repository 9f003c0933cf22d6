import TactileCore

/// The settings for every device (`[tuning]`) or for devices whose name matches a pattern
/// (`[tuning "Wacom*"]`, `*` matching any run of characters).
public struct TuningSection: Equatable {
    public let devicePattern: String?
    var settings: [TuningSetting] = []
    /// `size = WIDTHxHEIGHT` in mm, for devices that report no resolution.
    public var size: Size?
    /// `calibration = a b c d e f`: a touchscreen's calibration matrix, as libinput's
    /// `LIBINPUT_CALIBRATION_MATRIX` gives it (six finite numbers), replacing udev's.
    public var calibration: [Double]?
    /// `edge-swipes = touchscreens | on | off`: which of the matching devices have edge swipes.
    public var edgeSwipes: EdgeSwipes?

    public struct Size: Equatable {
        public let width: Double
        public let height: Double
    }

    func matches(device name: String) -> Bool {
        guard let pattern = devicePattern else { return true }
        return GlobPattern.matches(pattern, name)
    }
}
