import TactileConfiguration
import TactileProtocol

/// Which keys the virtual keyboard holds down, and for which gestures: the one place that decides
/// what to press and release, so that a key goes up exactly when nothing holds it any more and
/// nothing is ever left pressed. Pure: it returns the transitions, the keyboard writes them.
struct PressedKeys {
    /// A gesture that holds keys: its device, touch sequence and kind. Two gestures of one touch
    /// sequence (magnify with rotate) end apart, so each holds its own keys.
    struct Holder: Hashable {
        var device: String
        var sequence: UInt64
        var gesture: GestureName

        init(_ record: GestureRecord) {
            (device, sequence, gesture) = (record.device, record.sequence, record.gesture)
        }
    }

    /// One key going down or up; the keyboard follows each with a `SYN_REPORT`.
    struct Transition: Equatable {
        var key: KeyCode
        var isPressed: Bool
    }

    /// Each holder's keys, in the order they were pressed.
    private var holds: [Holder: [KeyCode]] = [:]
    /// The keys down, in the order they went down.
    private(set) var pressed: [KeyCode] = []

    /// A chord: presses, left to right, the keys not already down, then releases those, right to
    /// left. Keys a gesture holds stay down (`key tab` while `key-down alt` holds Alt).
    mutating func chord(_ keys: [KeyCode]) -> [Transition] {
        let fresh = keys.filter { !pressed.contains($0) }
        return fresh.map { Transition(key: $0, isPressed: true) }
            + fresh.reversed().map { Transition(key: $0, isPressed: false) }
    }

    /// `key-down`: `holder` holds `keys` until it lets them go; those not yet down go down, left to
    /// right. Holding a key twice is holding it once.
    mutating func hold(_ keys: [KeyCode], for holder: Holder) -> [Transition] {
        var transitions: [Transition] = []
        for key in keys where !(holds[holder]?.contains(key) ?? false) {
            if !pressed.contains(key) {
                pressed.append(key)
                transitions.append(Transition(key: key, isPressed: true))
            }
            holds[holder, default: []].append(key)
        }
        return transitions
    }

    /// `key-up`: `holder` lets go of those of `keys` it holds, right to left; a key goes up when no
    /// other gesture holds it. Keys it does not hold are left alone.
    mutating func release(_ keys: [KeyCode], heldBy holder: Holder) -> [Transition] {
        var transitions: [Transition] = []
        for key in keys.reversed() where holds[holder]?.contains(key) ?? false {
            holds[holder]!.removeAll { $0 == key }
            if holds[holder]!.isEmpty { holds[holder] = nil }
            if !holds.values.contains(where: { $0.contains(key) }) {
                pressed.removeAll { $0 == key }
                transitions.append(Transition(key: key, isPressed: false))
            }
        }
        return transitions
    }

    /// The gesture ended or was cancelled: everything it holds goes, last pressed first.
    mutating func releaseAll(heldBy holder: Holder) -> [Transition] {
        release(holds[holder] ?? [], heldBy: holder)
    }

    /// Every key down goes up, last pressed first: at reload and at exit.
    mutating func releaseAll() -> [Transition] {
        defer { (holds, pressed) = ([:], []) }
        return pressed.reversed().map { Transition(key: $0, isPressed: false) }
    }
}
