import Testing
import TactileConfiguration
@testable import TactileImport

@Suite("tactile import: commands and keys")
struct CommandWordsTests {
    @Test("shlex's POSIX words: quotes group and go, backslashes escape, an open quote is no line")
    func shellSplit() {
        #expect(CommandWords.shellSplit(#"amixer set Master "8%+""#) == ["amixer", "set", "Master", "8%+"])
        #expect(CommandWords.shellSplit(#"a 'b c' "d \"e\" \x" f\ g"#) == ["a", "b c", #"d "e" \x"#, "f g"])
        #expect(CommandWords.shellSplit("''") == [""])
        #expect(CommandWords.shellSplit("a 'b") == nil)
    }

    @Test("a line of words and quotes is its words; one a shell reads more into goes through sh -c")
    func shellLine() {
        #expect(CommandWords.shellLine("notify-send 'Hello World'") == ["notify-send", "Hello World"])
        #expect(CommandWords.shellLine("echo $HOME > /tmp/x") == ["sh", "-c", "echo $HOME > /tmp/x"])
    }

    @Test("words are written so that Tactile's parser reads them back")
    func configurationText() throws {
        let words = ["echo", "a b", "it's", #"say "hi""#, "#1", "", "plain"]
        let text = try #require(CommandWords.configurationText(words))
        let configuration = try Configuration.parse("[bindings]\ntap => \(text)\n", file: "test")
        #expect(configuration.bindings[0].action == .command(words))
        #expect(CommandWords.configurationText(["key", "x"]) == "\"key\" x")
        #expect(CommandWords.configurationText([#"both ' and ""#]) == nil)
    }

    @Test("every kernel key the keysym table names is one the configuration takes")
    func keysymTable() {
        for (keysym, name) in Keysyms.unshifted.merging(Keysyms.shifted, uniquingKeysWith: { $1 }) {
            #expect(KeyCode(named: name) != nil, "\(keysym) → \(name)")
        }
    }

    @Test("xdotool: its aliases, Shift for a capital, several chords, keydown and keyup; anything else stays a command")
    func xdotool() {
        #expect(XdotoolCommand.keyActions(["xdotool", "key", "super+Page_Down"])?.actions == [.key(["leftmeta", "pagedown"])])
        #expect(XdotoolCommand.keyActions(["xdotool", "key", "ctrl+T"])?.actions == [.key(["leftshift", "leftctrl", "t"])])
        #expect(XdotoolCommand.keyActions(["xdotool", "key", "--delay", "50", "a", "b"])?.actions == [.key(["a"]), .key(["b"])])
        #expect(XdotoolCommand.keyActions(["xdotool", "keydown", "alt"])?.actions == [.keyDown(["leftalt"])])
        #expect(XdotoolCommand.keyActions(["xdotool", "keydown", "ctrl", "click", "4", "keyup", "ctrl"]) == nil)
        #expect(XdotoolCommand.keyActions(["xdotool", "key", "--window", "1", "a"]) == nil)
        #expect(XdotoolCommand.keyActions(["xdotool", "key", "Hyper_L"]) == nil)
        #expect(XdotoolCommand.keyActions(["xdotool", "type", "hello"]) == nil)
    }

    @Test("Touchégg's keysyms: the key alone, no Shift added")
    func toucheggKeys() {
        #expect(KeysymChord.keys("Control_L+KP_Add", sentBy: .touchegg) == ["leftctrl", "kpplus"])
        #expect(KeysymChord.keys("Super_L+A", sentBy: .touchegg) == ["leftmeta", "a"])
    }

    @Test("a count left out is the tool's counts less those named")
    func fingerCounts() {
        #expect(FingerCounts.remainder(of: 3...5, without: []) == ["3-5"])
        #expect(FingerCounts.remainder(of: 3...5, without: [4]) == ["3", "5"])
        #expect(FingerCounts.remainder(of: 2...4, without: [2, 3, 4]) == [])
    }

    @Test("the format is told by the first words")
    func detection() {
        #expect(ImportFormat.detect("# c\n\ngesture swipe up cmd\n") == .libinputGestures)
        #expect(ImportFormat.detect("swipe_threshold 0\n") == .libinputGestures)
        #expect(ImportFormat.detect("swipe: # gestures\n  3:\n") == .fusuma)
        #expect(ImportFormat.detect("---\ncontext:\n") == .fusuma)
        #expect(ImportFormat.detect("<?xml version=\"1.0\"?>\n<touchégg/>") == .touchegg)
        #expect(ImportFormat.detect("[bindings]\n") == nil)
    }
}
