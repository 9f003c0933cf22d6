import TactileCore

/// A gesture's name on the wire: Tactile's own kinds and the touchpad gestures libinput
/// recognised itself and Tactile passes through. The raw value is the `gesture` field.
public enum GestureName: String, CaseIterable, Sendable {
    case tap
    case longPress = "long-press"
    case drag
    case magnify
    case rotate
    case edgeSwipe = "edge-swipe"
    /// libinput's touchpad gestures (`"source":"libinput"`).
    case swipe, pinch, hold

    public init(_ kind: GestureKind) {
        switch kind {
        case .tap: self = .tap
        case .longPress: self = .longPress
        case .drag: self = .drag
        case .magnify: self = .magnify
        case .rotate: self = .rotate
        case .edgeSwipe: self = .edgeSwipe
        }
    }

    /// Whether libinput, not Tactile's recognizers, makes this gesture.
    public var isPassedThrough: Bool {
        switch self {
        case .swipe, .pinch, .hold: true
        case .tap, .longPress, .drag, .magnify, .rotate, .edgeSwipe: false
        }
    }
}
