/// The modifier keys held on the keyboards as a gesture began: the stream's `mods`, a binding's
/// `mods=`. Either Ctrl is `ctrl`, either Shift `shift`, either Meta `super`; the left Alt is
/// `alt` and the right one, AltGr on most layouts, `altgr`.
public struct ModifierSet: OptionSet, Hashable, Sendable {
    public let rawValue: UInt8
    public init(rawValue: UInt8) { self.rawValue = rawValue }

    public static let ctrl = ModifierSet(rawValue: 1 << 0)
    public static let alt = ModifierSet(rawValue: 1 << 1)
    public static let shift = ModifierSet(rawValue: 1 << 2)
    public static let `super` = ModifierSet(rawValue: 1 << 3)
    public static let altgr = ModifierSet(rawValue: 1 << 4)
    public static let capslock = ModifierSet(rawValue: 1 << 5)

    /// Each modifier's word and the kernel keys (`input-event-codes.h`) that hold it, in the
    /// order the words are written.
    public static let modifiers: [(word: String, modifier: ModifierSet, keys: [UInt16])] = [
        ("ctrl", .ctrl, [29, 97]),       // KEY_LEFTCTRL, KEY_RIGHTCTRL
        ("alt", .alt, [56]),             // KEY_LEFTALT
        ("shift", .shift, [42, 54]),     // KEY_LEFTSHIFT, KEY_RIGHTSHIFT
        ("super", .super, [125, 126]),   // KEY_LEFTMETA, KEY_RIGHTMETA
        ("altgr", .altgr, [100]),        // KEY_RIGHTALT
        ("capslock", .capslock, [58]),   // KEY_CAPSLOCK, held down (not its light)
    ]

    /// The modifiers a keyboard's key state (`EVIOCGKEY`: a bit per key code) holds.
    public init(keyState bits: [UInt8]) {
        self = []
        for (_, modifier, keys) in Self.modifiers {
            for key in keys where Int(key / 8) < bits.count && bits[Int(key / 8)] & (1 << (key % 8)) != 0 {
                insert(modifier)
            }
        }
    }

    /// `ctrl+alt`: the words joined by `+`, in table order; empty for none.
    public var text: String {
        Self.modifiers.filter { contains($0.modifier) }.map(\.word).joined(separator: "+")
    }

    /// The set `ctrl+alt` (any order) names, `none` the empty one; nil for an unknown word or a
    /// word twice.
    public init?(text: String) {
        self = []
        if text == "none" { return }
        for word in text.split(separator: "+", omittingEmptySubsequences: false) {
            guard let modifier = Self.modifiers.first(where: { $0.word == word })?.modifier, !contains(modifier) else {
                return nil
            }
            insert(modifier)
        }
    }

    /// The longest `text`: every modifier held.
    static let longestText = ModifierSet(rawValue: 0x3f).text
}
