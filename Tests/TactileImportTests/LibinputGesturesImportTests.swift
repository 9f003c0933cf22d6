import Foundation
import Testing
import TactileTestSupport
@testable import TactileImport

@Suite("tactile import: libinput-gestures")
struct LibinputGesturesImportTests {
    let converted: ConvertedConfiguration

    init() throws {
        converted = try ImportExpectations.convert(try ImportExpectations.fixture("libinput-gestures/every-form.conf"),
                                                   .libinputGestures)
    }

    func bindings(_ line: Int) -> [String] { ImportExpectations.bindings(converted, fromLine: line) }
    func omission(_ line: Int) -> String? { ImportExpectations.omission(converted, line: line) }

    @Test("a swipe with no count is every count libinput swipes with but those another line names (3-5 less 4, 3-4 less 5)")
    func countlessSwipe() {
        #expect(bindings(5) == ["drag fingers=3-4 direction=left => key leftalt+right"])
        #expect(bindings(7) == ["drag fingers=3 direction=right => key leftalt+left",
                                "drag fingers=5 direction=right => key leftalt+left"])
        #expect(bindings(6) == ["drag fingers=4 direction=right => key leftctrl+leftshift+t"])
    }

    @Test("`gesture:` with its colon, and _internal ws_down -w as the wmctrl calls it made")
    func internalCommand() throws {
        let line = try #require(bindings(4).first)
        #expect(line.hasPrefix("drag fingers=3 direction=down => sh -c 'wmctrl -d | awk -v x=0 -v y=-1 -v c=1 -v w=1 "))
    }

    @Test("xdotool's own modifier names and keysyms become kernel keys; --clearmodifiers is said in a note")
    func xdotoolKeys() throws {
        let binding = try #require(converted.bindings.first { $0.source.number == 6 })
        #expect(binding.notes.contains { $0.contains("--clearmodifiers") })
        #expect(bindings(14) == ["long-press fingers=4 phase=ended => key leftctrl+t"])
    }

    @Test("a command that is not xdotool's keys stays the argv libinput-gestures started; ~ goes through sh")
    func commands() {
        #expect(bindings(17) == ["drag fingers=4 direction=down => amixer set Master 8%-"])
        #expect(bindings(24) == ["drag fingers=5 direction=left => sh -c \"exec ~/bin/volume 8%+\""])
    }

    @Test("the last line for a gesture wins, as in libinput-gestures; the earlier one is reported")
    func duplicates() {
        #expect(omission(16) == "line 18 binds the same gesture, and libinput-gestures keeps the last")
        #expect(bindings(18) == ["drag fingers=4 direction=up => amixer set Master 8%+"])
    }

    @Test("the diagonals: left_up is up-left, right_down is down-right, judged in eight ways as libinput-gestures does")
    func diagonals() throws {
        #expect(bindings(8) == ["drag fingers=3-5 direction=up-left => key leftctrl+leftshift+tab"])
        let line = try #require(bindings(9).first)
        #expect(line.hasPrefix("drag fingers=3 direction=down-right => sh -c 'wmctrl -d | awk -v x=-1 -v y=-1 -v c=4 -v w=0 "))
    }

    @Test("pinch in and out are magnify's direction, clockwise and anticlockwise rotate's; a turn configured is said on in and out")
    func pinches() throws {
        #expect(bindings(10) == ["magnify fingers=2-5 direction=in => key leftmeta+s"])
        #expect(bindings(11) == ["magnify fingers=2 direction=out => key leftmeta+s"])
        #expect(bindings(12) == ["rotate fingers=2-5 direction=clockwise => key leftctrl+f9"])
        #expect(bindings(13) == ["rotate fingers=3 direction=counterclockwise => dbus-send --session --type=method_call "
                                 + "--dest=org.gnome.Shell /org/gnome/Shell org.gnome.Shell.Eval string:Main.overview.toggle();"])
        let binding = try #require(converted.bindings.first { $0.source.number == 10 })
        #expect(binding.notes.contains { $0.hasPrefix("libinput-gestures took a pinch that also turned") })
    }

    @Test("one hold delay is kept; a second is reported, as Tactile's long-press cannot tell hold lengths apart")
    func holds() {
        #expect(omission(15)?.hasPrefix("a second hold delay") == true)
    }

    @Test("swipe_threshold in dots becomes drag.minimum-distance in mm when above 5 mm; device all and timeout")
    func settings() {
        #expect(converted.settings.map { "\($0.key) = \($0.value)" } == ["drag.minimum-distance = 7.62mm"])
        #expect(converted.text.contains("[tuning]\n# source.conf:20: swipe_threshold 300\n"))
        #expect(converted.entries.contains(.remark(SourceLine(19, "device all"), "every touchpad: Tactile reads every touch device")))
        #expect(omission(21) == "Tactile's bindings put no time limit on a gesture")
    }

    @Test("device NAME puts device=\"NAME\" on every binding; a path cannot be, and a second device line is ignored as there")
    func device() throws {
        let named = try ImportExpectations.convert("gesture swipe up 3 true\ndevice DLL0665:01 06CB:76AD Touchpad\ndevice all\n",
                                                   .libinputGestures)
        #expect(ImportExpectations.bindings(named, fromLine: 1) == [#"drag fingers=3 direction=up device="DLL0665:01 06CB:76AD Touchpad" => true"#])
        #expect(ImportExpectations.omission(named, line: 3) == "a second device line, which libinput-gestures ignores")
        let path = try ImportExpectations.convert("device /dev/input/by-path/pci-touchpad\n", .libinputGestures)
        #expect(ImportExpectations.omission(path, line: 1)?.hasPrefix("device= matches a device's name, not its path") == true)
    }

    @Test("what libinput-gestures itself refuses is reported too")
    func refused() {
        #expect(omission(22)?.hasPrefix("libinput-gestures refuses it") == true)
        #expect(omission(23)?.hasPrefix("not a line libinput-gestures reads") == true)
    }

    @Test("every line but comments and blanks is a binding, a remark, a setting or an omission")
    func everyLineAccounted() throws {
        let text = try ImportExpectations.fixture("libinput-gestures/every-form.conf")
        var accounted = Set(converted.bindings.map(\.source.number) + converted.omissions.map(\.line.number)
                            + converted.settings.map(\.source.number))
        for case .remark(let line, _) in converted.entries { accounted.insert(line.number) }
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let trimmed = line.trimmingWhitespace
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            #expect(accounted.contains(index + 1), "line \(index + 1): \(line)")
        }
    }

    @Test("the file libinput-gestures ships, whole, and with every example it documents uncommented",
          .needsPeerConfigurations)
    func shippedFile() throws {
        let text = try String(contentsOf: PeerConfigurations.libinputGestures, encoding: .utf8)
        let shipped = try ImportExpectations.convert(text, .libinputGestures, file: "libinput-gestures.conf")
        #expect(shipped.bindings.count >= 4)
        #expect(ImportFormat.detect(text) == .libinputGestures)
        // The documented examples: `# gesture swipe|pinch|hold …`, `# device all`, `# swipe_threshold 0`,
        // `# timeout 1.5`; the prose around them stays a comment.
        let examples = text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let uncommented = line.dropFirst(2)
            let words = uncommented.split(whereSeparator: \.isWhitespace)
            let isExample = line.hasPrefix("# ") && words.count >= 2 && (
                (words[0] == "gesture" && ["swipe", "pinch", "hold"].contains(words[1]))
                    || (words[0] == "device" && words[1] == "all")
                    || (["swipe_threshold", "timeout"].contains(words[0]) && Double(words[1]) != nil))
            return isExample ? String(uncommented) : String(line)
        }.joined(separator: "\n")
        let documented = try ImportExpectations.convert(examples, .libinputGestures, file: "libinput-gestures.conf")
        #expect(documented.bindings.count > shipped.bindings.count)
    }
}
