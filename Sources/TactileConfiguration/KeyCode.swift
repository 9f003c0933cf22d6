/// A key or button as the kernel numbers it in `input-event-codes.h`: what the virtual keyboard
/// declares and sends.
public struct KeyCode: Hashable, Comparable, Sendable, CustomStringConvertible {
    public let rawValue: UInt16

    public init(rawValue: UInt16) { self.rawValue = rawValue }

    /// The short names people write for modifiers, and the kernel key each stands for: the left
    /// one, as a keyboard's usual modifier keys are (AltGr is the right Alt).
    static let aliases: [String: String] = [
        "super": "leftmeta", "meta": "leftmeta", "win": "leftmeta",
        "ctrl": "leftctrl", "alt": "leftalt", "shift": "leftshift", "altgr": "rightalt",
    ]

    /// The key a configuration names: a kernel name without `KEY_` (`leftmeta`, `down`, `t`,
    /// `volumeup`) or an alias, in any case; nil for anything else.
    public init?(named name: String) {
        let lowercased = name.lowercased()
        guard let code = kernelKeyCodes[Self.aliases[lowercased] ?? lowercased] else { return nil }
        rawValue = code
    }

    /// The kernel's name (lowercased, without `KEY_`/`BTN_`), for logs; of the names the header
    /// gives one code (`coffee`, `screenlock`), the alphabetically first.
    public var description: String {
        if let button = PointerButton(code: self) { return "btn_\(button.rawValue)" }
        return Self.names[rawValue] ?? "key \(rawValue)"
    }

    private static let names: [UInt16: String] = {
        var names: [UInt16: String] = [:]
        for (name, code) in kernelKeyCodes where names[code] == nil || name < names[code]! { names[code] = name }
        return names
    }()

    public static func < (left: KeyCode, right: KeyCode) -> Bool { left.rawValue < right.rawValue }
}
