import Testing
@testable import TactileImport

/// What the `import` fuzz target found: each conversion below once wrote a configuration
/// Tactile's parser refused, or reported a line the text does not have.
@Suite("tactile import: fuzz findings")
struct ImportFuzzFindingTests {
    @Test("a pinch of one finger, which no magnify has, is reported, not written")
    func onePinchFinger() throws {
        let lines = try ImportExpectations.convert("gesture pinch in 1 true\n", .libinputGestures)
        #expect(ImportExpectations.omission(lines, line: 1) == "libinput reports a pinch of 2 to 5 fingers, so it never runs")
        let xml = try ImportExpectations.convert(#"<touchégg><application name="All"><gesture type="PINCH" fingers="1" direction="IN"><action type="SEND_KEYS"><keys>A</keys></action></gesture></application></touchégg>"#,
                                                 .touchegg)
        #expect(ImportExpectations.omission(xml, line: 1) == "a PINCH needs fingers= from 2 to 10")
    }

    @Test("a device line naming nothing is reported, as libinput-gestures refuses it")
    func emptyDevice() throws {
        let converted = try ImportExpectations.convert("device\ngesture swipe up true\n", .libinputGestures)
        #expect(ImportExpectations.omission(converted, line: 1) == "libinput-gestures refuses it: no device is named")
    }

    @Test("a YAML key or command holding a line break keeps the comment on one line, and the command is reported")
    func lineBreakInYAML() throws {
        let converted = try ImportExpectations.convert("hold:\n  2:\n    command: \"xdotool key ctr\\nl\"\n", .fusuma)
        #expect(converted.bindings.isEmpty)
        #expect(converted.omissions.first?.line.text == #"hold: 2: command: xdotool key ctr\nl"#)
    }

    @Test("XML whose error quotes a line break keeps its report and its comment on one line")
    func lineBreakInAnError() throws {
        let converted = try ImportExpectations.convert("<touchégg>\n<a>&am\nb;</a>\n</touchégg>\n", .touchegg)
        #expect(converted.omissions.count == 1)
        #expect(converted.omissions[0].reason == "Touchégg could not read it either: &am\\nb; is not an entity XML knows")
    }
}
