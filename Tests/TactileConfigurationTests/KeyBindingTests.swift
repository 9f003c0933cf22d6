import Foundation
import Testing
@testable import TactileConfiguration

@Suite("Key and button bindings")
struct KeyBindingTests {
    private func key(_ name: String) -> KeyCode { KeyCode(named: name)! }

    @Test("key, key-down, key-up and button parse into their actions, in the order written")
    func actions() throws {
        let configuration = try Configuration.parse("""
            [bindings]
            drag fingers=3 direction=left => key super+Left
            drag fingers=3 phase=began => key-down alt
            drag fingers=3 phase=changed every=30mm => key tab
            drag fingers=3 phase=ended => key-up alt
            tap fingers=2 => button right
            tap fingers=3 => key CTRL+AltGr+VolumeUp
            hold phase=began => key-down ctrl+shift
            """, file: "c")
        #expect(configuration.bindings.map(\.action) == [
            .keyChord([key("leftmeta"), key("left")]),
            .keyDown([key("leftalt")]),
            .keyChord([key("tab")]),
            .keyUp([key("leftalt")]),
            .button(.right),
            .keyChord([key("leftctrl"), key("rightalt"), key("volumeup")]),
            .keyDown([key("leftctrl"), key("leftshift")]),
        ])
        #expect(configuration.bindings[0].action.keys.map(\.rawValue) == [125, 105])
        #expect(configuration.bindings[4].action.keys.map(\.rawValue) == [0x111])
    }

    @Test("names are the kernel's without KEY_, in any case, and the modifier aliases")
    func names() {
        #expect(KeyCode(named: "leftmeta")?.rawValue == 125)
        #expect(KeyCode(named: "LeftMeta") == KeyCode(named: "super"))
        #expect(KeyCode(named: "meta") == KeyCode(named: "win"))
        #expect(KeyCode(named: "t")?.rawValue == 20)
        #expect(KeyCode(named: "volumeup")?.rawValue == 115)
        #expect(KeyCode(named: "ctrl")?.rawValue == 29 && KeyCode(named: "alt")?.rawValue == 56)
        #expect(KeyCode(named: "shift")?.rawValue == 42 && KeyCode(named: "altgr")?.rawValue == 100)
        // An alias of the header's own: the code of the key it names.
        #expect(KeyCode(named: "screenlock") == KeyCode(named: "coffee"))
        #expect(KeyCode(named: "key_a") == nil && KeyCode(named: "max") == nil && KeyCode(named: "reserved") == nil)
        #expect(KeyCode(named: "btn_left") == nil)
        #expect(key("leftalt").description == "leftalt" && PointerButton.middle.code.description == "btn_middle")
    }

    @Test("the embedded default's commented bindings, uncommented, parse — the key actions among them")
    func defaultExamplesParse() throws {
        let text = Configuration.defaultText
        let bindings = try #require(text.range(of: "[bindings]\n"))
        let examples = text[bindings.upperBound...].split(separator: "\n")
            .filter { $0.hasPrefix("# ") && gestureWords.contains(where: $0.dropFirst(2).hasPrefix) }
            .map { $0.dropFirst(2) }
        let configuration = try Configuration.parse("[bindings]\n" + examples.joined(separator: "\n"), file: "default")
        #expect(configuration.bindings.count == examples.count && examples.count >= 6)
        #expect(configuration.bindings.contains { $0.action == .keyDown([key("leftalt")]) })
        #expect(configuration.bindings.contains { $0.action == .keyChord([key("leftmeta"), key("right")]) })
    }

    private let gestureWords = ["tap ", "drag ", "rotate ", "magnify ", "long-press ", "swipe ", "pinch ", "hold "]

    @Test("a command whose first word only starts like an action is still a command")
    func commandsStayCommands() throws {
        let configuration = try Configuration.parse("""
            [bindings]
            tap => keyboard-tool --key a
            tap count=2 => "key" super
            tap count=3 => /usr/local/bin/key super
            """, file: "c")
        #expect(configuration.bindings.map(\.action) == [
            .command(["keyboard-tool", "--key", "a"]), .command(["key", "super"]), .command(["/usr/local/bin/key", "super"]),
        ])
    }

    @Test("every error names file, line, column and what was expected", arguments: [
        ("[bindings]\ntap => key supr+Left", "c:2:12: unknown key 'supr'; expected a name of linux/input-event-codes.h"),
        ("[bindings]\ntap => key super+lft", "c:2:18: unknown key 'lft'"),
        ("[bindings]\ntap => key-down ctrl+alt t", "c:2:26: expected the end of the line: key-down takes one argument"),
        ("[bindings]\ntap => key ctrl++t", "c:2:17: expected a key name on each side of +"),
        ("[bindings]\ntap => key super+", "c:2:18: expected a key name on each side of +"),
        ("[bindings]\ntap => key", "c:2:11: expected the keys after key, joined by + such as super+Left"),
        ("[bindings]\ntap => key ctrl+leftctrl", "c:2:17: 'leftctrl' is pressed twice in ctrl+leftctrl"),
        ("[bindings]\ntap => key a b", "c:2:14: expected the end of the line: key takes one argument"),
        ("[bindings]\ntap => button side", "c:2:15: expected left, right or middle after button"),
        ("[bindings]\ntap => key-down alt", "c:2:8: key-down on phase=ended would hold keys for a gesture that is over"),
        ("[bindings]\ndrag phase=cancelled => key-down alt", "c:2:25: key-down on phase=cancelled"),
        ("[bindings]\ntap timeout=2s => key a", "c:2:5: timeout= limits a command; key and button actions are done at once"),
    ])
    func errors(text: String, expected: String) {
        do {
            _ = try Configuration.parse(text, file: "c")
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.description.hasPrefix(expected), "got \(error.description)")
        }
    }
}
