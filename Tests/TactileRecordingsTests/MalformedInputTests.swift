import Foundation
import TactileTestSupport
import Testing
import TactileRecordings

/// Every malformed input fails with `FILE:LINE: message` (or `FILE: message` for the file as a
/// whole), never a trap.
@Suite struct MalformedInputTests {
    /// A minimal touch device: MT positions 0…1000 at 10 units/mm.
    static let evemuHeader = """
        N: test touchscreen
        I: 0003 0001 0002 0003
        P: 02 00 00 00 00 00 00 00
        B: 03 00 00 00 00 00 00 60 00
        A: 35 0 1000 0 0 10
        A: 36 0 1000 0 0 10

        """

    static func yaml(events: String) -> String {
        """
        version: 1
        ndevices: 1
        devices:
        - node: /dev/input/event0
          evdev:
            name: "test"
            id: [3, 1, 2, 3]
            codes:
              3: [53, 54]
            absinfo:
              53: [0, 1000, 0, 0, 10]
              54: [0, 1000, 0, 0, 10]
            properties: [1]
        \(events)
        """
    }

    private func failure(_ path: String, description: String? = nil) -> String {
        do {
            let recording = try RecordingLoader.load(path: path, descriptionPath: description)
            return "loaded \(recording.devices.count) device(s)"
        } catch {
            return error.description
        }
    }

    /// (name, file contents, expected error after "FILE")
    static let textCases: [(String, String, String)] = [
        ("empty file", "", ": empty file: expected an evemu, libinput record or evtest recording"),
        ("only blank lines", "\n  \n", ": empty file: expected an evemu, libinput record or evtest recording"),
        ("prose", "hello\nworld\n",
         ":1: unrecognised format: expected an evemu recording (N:/B:/A:/E: lines), libinput record YAML or evtest output"),
        ("bad hexadecimal code", evemuHeader + "E: 0.000000 0003 00zz 5\n",
         ":7: bad event code \"00zz\": expected a hexadecimal number"),
        ("bad decimal value", evemuHeader + "E: 0.000000 0003 0035 five\n",
         ":7: bad event value \"five\": expected a decimal integer"),
        ("bad time", evemuHeader + "E: 0.00x000 0003 0035 5\n",
         ":7: bad time \"0.00x000\": expected seconds.microseconds"),
        ("truncated event line", evemuHeader + "E: 0.000000 0003\n",
         ":7: E: line needs \"seconds.microseconds type code value\", found 2 fields"),
        ("truncated axis line", "N: x\nA: 35 0 1000\n",
         ":2: A: line needs \"code min max fuzz flat [resolution]\", found 3 fields"),
        ("unknown evemu line", evemuHeader + "X: 1 2 3\n",
         ":7: expected an evemu line (N:, I:, P:, B:, A:, E: or a # comment), found \"X: 1 2 3\""),
        ("touch device without position events", evemuHeader + "E: 0.000000 0001 014a 1\nE: 0.000000 0000 0000 0000\n",
         ": no touch events: \"test touchscreen\" sent 2 events but none with a position (ABS_X/ABS_Y or ABS_MT_POSITION_X/Y)"),
        ("YAML events not a list", yaml(events: "  events:\n    evdev: 3\n"),
         ":15: devices[0].events: expected a list of events, found a mapping"),
        ("YAML devices not a list", "version: 1\ndevices: 7\n",
         ":2: devices: expected a list of devices, found the scalar \"7\""),
        ("YAML event tuple too short", yaml(events: "  events:\n  - evdev:\n    - [0, 0, 3]\n"),
         ":16: devices[0].events[0].evdev: expected [sec, usec, type, code, value], found 3 numbers"),
        ("YAML event not a number", yaml(events: "  events:\n  - evdev:\n    - [0, 0, 3, 53, x]\n"),
         ":16: devices[0].events[0].evdev: expected an integer, found \"x\""),
        // After frames read whole (`YAMLFrameCondenser`), as before them.
        ("YAML event not a number after frames read whole",
         yaml(events: "  events:\n" + CondensedFramesTests.frames(3) + "  - evdev:\n    - [  1, 0, 3, 53, x] # EV_ABS\n"),
         ":28: devices[0].events[3].evdev: expected an integer, found \"x\""),
        ("YAML event out of range after frames read whole",
         yaml(events: "  events:\n" + CondensedFramesTests.frames(3) + "  - evdev:\n    - [  0, 1000000,   3,  53,  5]\n"),
         ":28: devices[0].events[3].evdev: event [0, 1000000, 3, 53, 5] is out of range"),
        ("YAML frame without events among frames read whole",
         yaml(events: "  events:\n" + CondensedFramesTests.frames(3) + "  - evdev:\n" + CondensedFramesTests.frames(2)),
         ":27: devices[0].events[3].evdev: expected a list of [sec, usec, type, code, value], found nothing"),
        ("YAML event line cut short after frames read whole",
         yaml(events: "  events:\n" + CondensedFramesTests.frames(3) + "  - evdev:\n    - [  1, 0, 3"),
         ":29: invalid YAML: did not find expected ',' or ']'"),
        ("YAML absinfo wrong shape", "version: 1\ndevices:\n- evdev:\n    absinfo: [1, 2]\n",
         ":4: devices[0].evdev.absinfo: expected a mapping of axis code to [min, max, fuzz, flat, resolution], found a list"),
        ("YAML calibration not six numbers",
         yaml(events: "  udev:\n    properties:\n    - ID_INPUT=1\n    - LIBINPUT_CALIBRATION_MATRIX=0 -1 1\n  events:\n"),
         ":17: devices[0].udev.properties: expected six numbers after LIBINPUT_CALIBRATION_MATRIX=, found \"LIBINPUT_CALIBRATION_MATRIX=0 -1 1\""),
        ("YAML without events", yaml(events: "  events:\n"),
         ": no events: the recording holds a device description only"),
        ("evtest event line garbled", "Input device name: \"x\"\nEvent: time 1.000000, type 3 (EV_ABS)\n",
         ":2: expected \"Event: time S.U, type T (…), code C (…), value V\" or a SYN_REPORT line"),
        ("evtest events without header", "some prose\nEvent: time 1.000000, type 3 (EV_ABS), code 0 (ABS_X), value 5\n",
         ":2: evtest output without its header: expected an \"Input device name:\" line and a \"Supported events:\" block before the events"),
    ]

    @Test(arguments: textCases)
    func malformedTextFails(_ name: String, _ contents: String, _ expected: String) {
        let path = Corpus.temporaryFile(contents)
        #expect(failure(path) == path + expected, "\(name)")
    }

    @Test func invalidYAMLSyntaxNamesTheLine() {
        let path = Corpus.temporaryFile("version: 1\ndevices:\n- evdev: [1, 2\n")
        #expect(failure(path).hasPrefix(path + ":4: invalid YAML: "))
    }

    @Test func binaryDataFails() throws {
        let path = Corpus.temporaryFile("")
        try Data([0x4e, 0x3a, 0x0a, 0x00, 0xff, 0x10]).write(to: URL(fileURLWithPath: path))
        #expect(failure(path) == path + ":2: binary data, not a text recording")
    }

    @Test func missingFileAndDirectoryFailWithoutALine() {
        let missing = Corpus.path("no-such-recording.evemu")
        #expect(failure(missing) == missing + ": no such file")
        let directory = Corpus.bundledDirectories[0].path
        #expect(failure(directory) == directory + ": is a directory, not a regular file")
        let events = Corpus.path("evd-egalax-pcap.tap.events")
        #expect(failure(events, description: missing) == missing + ": no such file")
    }

    @Test func aDescriptionFileOnlyAppliesToEvemu() {
        let path = Corpus.temporaryFile(Self.yaml(events: "  events:\n  - evdev:\n    - [0, 0, 3, 53, 5]\n"), name: "recording.yml")
        #expect(failure(path, description: Corpus.path("evd-ntrig.desc"))
            == path + ": a separate description file only applies to evemu recordings")
    }

    /// The `bad-*` corpus files and other unusable inputs, with the error each must give.
    @Test(arguments: [
        ("bad-evd-logitech-k400-keyboard.evemu", nil,
         ":331: \"Logitech K400 Plus\" is not a touch device: it has no ABS_X/ABS_Y or ABS_MT_POSITION_X/Y axes with BTN_TOUCH"),
        ("bad-evd-trackpoint-relative.events", nil,
         ": evemu events without a device description: give the matching .desc file with --desc FILE"),
        ("bad-evd-wiimote-tiny-noheader.events", nil,
         ": evemu events without a device description: give the matching .desc file with --desc FILE"),
        ("bad-evd-wacom-cintiq22hdt-finger-noevents.evemu", nil,
         ": no events: the recording holds a device description only"),
        ("bad-xit-ntrig-touch_1_end-fragment.events", "xit-ntrig.desc",
         ": no touch events: \"N-Trig MultiTouch\" sent 3 events but none with a position (ABS_X/ABS_Y or ABS_MT_POSITION_X/Y)"),
        ("evd-ntrig.1-finger-drag-NW-SE.events", nil,
         ": evemu events without a device description: give the matching .desc file with --desc FILE"),
        ("evd-ntrig.desc", nil, ": no events: the recording holds a device description only"),
    ] as [(String, String?, String)])
    func corpusFileFails(_ name: String, _ description: String?, _ expected: String) {
        #expect(failure(Corpus.path(name), description: description.map(Corpus.path)) == Corpus.path(name) + expected)
    }

    /// The same of corpus files the repository may not carry.
    @Test(.needsCorpus, arguments: [
        ("bad-ml-asus-z13-touchpad-as-keyboard-mouse.evtest.txt",
         ": no touch events: \"Asus Keyboard\" sent 1510 events but none with a position (ABS_X/ABS_Y or ABS_MT_POSITION_X/Y)"),
        ("ml-dell-dll0945-synaptics.ghost-fingers.hid-recorder.txt",
         ": hid-recorder file: it holds raw HID reports, not evdev events; record the device with evemu-record or libinput record instead"),
    ])
    func unbundledCorpusFileFails(_ name: String, _ expected: String) {
        #expect(failure(Corpus.path(name)) == Corpus.path(name) + expected)
    }

    @Test func aDescriptionWithoutTouchAxesFailsAtTheDescription() {
        let description = Corpus.path("bad-evd-logitech-k400-keyboard.evemu")
        #expect(failure(Corpus.path("evd-ntrig.1-finger-drag-NW-SE.events"), description: description)
            == description + ":331: \"Logitech K400 Plus\" is not a touch device: it has no ABS_X/ABS_Y or ABS_MT_POSITION_X/Y axes with BTN_TOUCH")
    }

    @Test(arguments: [("bad-xit-synaptics-clickpad.one-finger-up-fragment.events", "xit-synaptics-clickpad.desc"),
                      ("bad-xit-ntrig-touch_1_begin-fragment.events", "xit-ntrig.desc")])
    func fragmentRecordingsStillLoad(_ name: String, _ description: String) throws {
        let recording = try RecordingLoader.load(path: Corpus.path(name), descriptionPath: Corpus.path(description))
        #expect(recording.devices.first?.events.isEmpty == false)
    }

    @Test(.needsCorpus) func aSuspectRecordingStillLoads() throws {
        let recording = try RecordingLoader.load(path: Corpus.path("bad-suspect-ml-elan1206-zenbook.yml"))
        #expect(recording.devices.first?.events.isEmpty == false)
    }

    @Test func everyDeviceOfAMultiDeviceRecordingIsKept() throws {
        let keyboard = """
            - node: /dev/input/event1
              evdev:
                name: "keyboard"
                codes:
                  1: [30, 31]
              events:
              - evdev:
                - [0, 10, 1, 30, 1]
            """
        let text = Self.yaml(events: "  events:\n  - evdev:\n    - [0, 0, 3, 53, 5]\n    - [0, 0, 0, 0, 0]\n  - libinput:\n      type: x\n") + keyboard + "\n"
        let recording = try RecordingLoader.load(path: Corpus.temporaryFile(text))
        #expect(recording.devices.map(\.description.name) == ["test", "keyboard"])
        #expect(recording.devices.map(\.events.count) == [2, 1])
    }

    @Test("a libinput record cut off mid-event (a recorder killed while writing) names its last line")
    func truncatedYAML() {
        let text = Self.yaml(events: "  events:\n  - evdev:\n    - [0, 0, 3, 53, 5]\n    - [0, 0, 0, 0, 0]\n  - evdev:\n    - [0, 90, 3")
        let path = Corpus.temporaryFile(text, name: "cut.yml")
        #expect(failure(path).hasPrefix(path + ":20: invalid YAML: "), "\(failure(path))")
    }

    @Test("a malformed evemu line at the end of a long file is found where it is, after the events before it")
    func malformedEvemuLineAtTheEnd() throws {
        var text = Self.evemuHeader
        for frame in 0..<20_000 {
            text += "E: \(frame / 100).\(String(repeating: "0", count: 4))\(frame % 10)0 0003 0035 \(frame % 1000)\n"
            text += "E: \(frame / 100).\(String(repeating: "0", count: 4))\(frame % 10)0 0000 0000 0\n"
        }
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).count
        text += "E: 999.000000 0003 0035 12x\n"
        let path = Corpus.temporaryFile(text, name: "long.evemu")
        #expect(failure(path) == path + ":\(lines): bad event value \"12x\": expected a decimal integer")
    }
}
