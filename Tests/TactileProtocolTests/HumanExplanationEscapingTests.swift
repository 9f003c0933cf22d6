import Testing
import TactileCore
import TactileProtocol

/// Names in an explanation for people come from outside (a device's, a file's, a declared
/// gesture's): a control character in one is written out, never sent to the terminal.
@Suite("Human explanations escape names")
struct HumanExplanationEscapingTests {
    @Test("ESC, a newline and BEL in a device's, a file's and a gesture's name are written as \\u{…}")
    func controlCharactersEscaped() {
        let explanation = Explanation(time: Instant(microseconds: 1_500_000), sequence: 2, kind: .tap, label: 1, reason: .clicked)
        let line = ExplanationFormat.human.line(explanation, device: "Pad\u{1B}[2J\nfake", file: "a\u{9B}b",
                                                gestureNames: ["ring\u{7}"])
        #expect(line == "a\\u{9B}b: 1.500000 Pad\\u{1B}[2J\\u{A}fake seq 2 \"ring\\u{7}\" (tap): rejected: a physical click\n")
    }

    @Test("a name without control characters is left as it is")
    func plainNamesUnchanged() {
        #expect("Wacom Bamboo 16FG 4x5 Finger — é".escapingControlCharacters == "Wacom Bamboo 16FG 4x5 Finger — é")
    }
}
