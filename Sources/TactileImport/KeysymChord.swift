/// A chord of X keysyms joined by `+` (`ctrl+alt+Right`, `Control_L+KP_Add`) as kernel key names.
enum KeysymChord {
    /// Who sends the chord, which decides what a keysym typed with Shift means.
    enum Sender {
        /// xdotool presses Shift for such a keysym (`xdotool key A` types a capital), and takes its
        /// own modifier names (`ctrl`, `super`).
        case xdotool
        /// Touchégg sends the keysym's keycode alone (`XKeysymToKeycode`), Shift only when asked.
        case touchegg
    }

    /// The kernel names of `chord`'s keys in order, Shift first where xdotool adds it; nil when a
    /// keysym has no key of its own (see `Keysyms.key`).
    static func keys(_ chord: String, sentBy sender: Sender) -> [String]? {
        var keys: [String] = []
        var needsShift = false
        for keysym in chord.split(separator: "+", omittingEmptySubsequences: false).map(String.init) {
            let name = sender == .xdotool ? Keysyms.xdotoolAliases[keysym.lowercased()] ?? keysym : keysym
            guard let key = Keysyms.key(name) else { return nil }
            needsShift = needsShift || (key.shifted && sender == .xdotool)
            if !keys.contains(key.name) { keys.append(key.name) }
        }
        if needsShift && !keys.contains("leftshift") && !keys.contains("rightshift") { keys.insert("leftshift", at: 0) }
        return keys
    }
}
