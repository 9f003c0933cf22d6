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

    @Test("xdotool keydown where the gesture ends is reported; fusuma's under a direction is held from the drag's beginning")
    func keyDownAtTheEnd() throws {
        let reason = "it holds down past the gesture's end, until a later command lets go; Tactile lets go of held keys and "
            + "buttons when a gesture ends, so bound to phase=ended it would hold nothing"
        let libinputGestures = try ImportExpectations.convert("gesture swipe left xdotool keydown alt\n", .libinputGestures)
        #expect(libinputGestures.bindings.isEmpty)
        #expect(ImportExpectations.omission(libinputGestures, line: 1) == reason)
        let fusumaEnd = try ImportExpectations.convert("swipe:\n  3:\n    end:\n      command: xdotool keydown alt\n", .fusuma)
        #expect(fusumaEnd.bindings.isEmpty)
        #expect(ImportExpectations.omission(fusumaEnd, line: 4) == reason)
        let fusumaDirection = try ImportExpectations.convert("swipe:\n  3:\n    left:\n      command: xdotool keydown alt\n",
                                                             .fusuma)
        #expect(ImportExpectations.bindings(fusumaDirection, fromLine: 4)
                == ["drag fingers=3 direction=left phase=began => key-down leftalt"])
        #expect(fusumaDirection.bindings.first?.notes.first?.hasPrefix("when the drag begins, held until it ends") == true)
    }

    @Test("a line that would have become several bindings is reported once")
    func oneOmissionPerLine() throws {
        let text = "swipe:\n  3:\n    up:\n      command: a\n---\ncontext:\n  application:\n    - A\n    - B\n"
            + "swipe:\n  3:\n    end:\n      command: xdotool keydown alt\n"
        let converted = try ImportExpectations.convert(text, .fusuma)
        #expect(converted.omissions.map(\.line.number) == [13])
        #expect(converted.reports.count == 1)
    }
}
