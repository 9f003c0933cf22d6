/// A `[tuning]` line made from another tool's global setting (libinput-gestures'
/// `swipe_threshold`, a hold's delay).
struct ConvertedSetting: Equatable {
    /// `drag.minimum-distance`.
    var key: String
    /// `8mm`.
    var value: String
    var source: SourceLine
    var notes: [String] = []
}
