/// xdotool's keyboard commands (`xdotool key super+Page_Down`) as Tactile's own key actions,
/// where they do exactly what xdotool did: typed through Tactile's virtual keyboard they work on
/// Wayland too, where xdotool reaches only X11 windows.
enum XdotoolCommand {
    /// The key actions `argv` amounts to, in order, with what they do differently; nil when it is
    /// not one of xdotool's `key`, `keydown` or `keyup` alone with keys Tactile can name exactly
    /// (a chain of commands, `--window`, `--repeat`, a keysym with no key of its own).
    static func keyActions(_ argv: [String]) -> (actions: [ConvertedAction], notes: [String])? {
        guard let program = argv.first, program == "xdotool" || program.hasSuffix("/xdotool"), argv.count >= 3 else {
            return nil
        }
        let command = argv[1]
        guard command == "key" || command == "keydown" || command == "keyup" else { return nil }
        var notes: [String] = []
        var chords: [[String]] = []
        var index = 2
        while index < argv.count {
            let word = argv[index]
            index += 1
            switch word {
            case "--clearmodifiers":
                notes.append("xdotool --clearmodifiers let go of the modifiers held on the keyboard first; "
                             + "Tactile's virtual keyboard cannot, so a held modifier joins the keys")
            case "--delay":
                // Only the pause between keystrokes; with one chord there is none.
                index += 1
            case _ where word.hasPrefix("-"):
                return nil
            case _ where chainedCommands.contains(word):
                return nil
            default:
                guard let keys = KeysymChord.keys(word, sentBy: .xdotool) else { return nil }
                chords.append(keys)
            }
        }
        guard !chords.isEmpty else { return nil }
        switch command {
        case "key": return (chords.map(ConvertedAction.key), notes)
        case "keydown" where chords.count == 1: return ([.keyDown(chords[0])], notes)
        case "keyup" where chords.count == 1: return ([.keyUp(chords[0])], notes)
        default: return nil
        }
    }

    /// xdotool's commands, any of which after the keys chains another command.
    static let chainedCommands: Set<String> = [
        "key", "keydown", "keyup", "type", "click", "mousedown", "mouseup", "mousemove", "mousemove_relative",
        "search", "windowactivate", "windowfocus", "getactivewindow", "sleep", "exec", "set_desktop", "get_desktop",
    ]
}
