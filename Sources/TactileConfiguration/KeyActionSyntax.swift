/// The binding actions that type through the virtual keyboard, after `=>`:
/// `key CHORD`, `key-down CHORD`, `key-up CHORD`, `button-down BUTTON`, `button-up BUTTON` and
/// `button BUTTON` (left, right or middle), where a chord is key names joined by `+`
/// (`super+Left`, `ctrl+alt+t`).
extension ConfigurationLine {
    /// The words that start a key action; any other first word after `=>` is a command. (A
    /// program called `key` is still reachable by its path, or through `sh -c`.)
    static let keyActionWords = ["key", "key-down", "key-up", "button-down", "button-up", "button"]

    /// A key action if one comes next; nil, with the cursor where it was, if a command does.
    mutating func keyAction() throws(ConfigurationError) -> BindingAction? {
        var lookahead = self
        guard let word = lookahead.unquotedWord(), Self.keyActionWords.contains(word) else { return nil }
        self = lookahead
        skipSpaces()
        let argumentColumn = column
        let action: BindingAction
        switch word {
        case "button", "button-down", "button-up":
            guard let name = unquotedWord(), let button = PointerButton(rawValue: name.lowercased()) else {
                throw error("expected left, right or middle after \(word)", at: argumentColumn)
            }
            action = switch word {
            case "button-down": .buttonDown(button)
            case "button-up": .buttonUp(button)
            default: .button(button)
            }
        default:
            guard let chord = unquotedWord() else {
                throw error("expected the keys after \(word), joined by + such as super+Left", at: argumentColumn)
            }
            let keys = try Self.keys(of: chord, self, at: argumentColumn)
            action = switch word {
            case "key-down": .keyDown(keys)
            case "key-up": .keyUp(keys)
            default: .keyChord(keys)
            }
        }
        skipSpaces()
        guard isAtEnd else { throw error("expected the end of the line: \(word) takes one argument") }
        return action
    }

    /// The keys of `chord` (`super+Left`), each a kernel name or an alias, none twice.
    private static func keys(of chord: String, _ line: ConfigurationLine, at column: Int)
        throws(ConfigurationError) -> [KeyCode]
    {
        var keys: [KeyCode] = []
        var nameColumn = column
        for name in chord.split(separator: "+", omittingEmptySubsequences: false) {
            guard !name.isEmpty else { throw line.error("expected a key name on each side of +", at: nameColumn) }
            guard let key = KeyCode(named: String(name)) else {
                throw line.error("unknown key '\(name)'; expected a name of linux/input-event-codes.h without KEY_ "
                                 + "(leftmeta, down, t, volumeup) or super, meta, win, ctrl, alt, shift, altgr",
                                 at: nameColumn)
            }
            guard !keys.contains(key) else { throw line.error("'\(name)' is pressed twice in \(chord)", at: nameColumn) }
            keys.append(key)
            nameColumn += name.count + 1
        }
        return keys
    }
}
