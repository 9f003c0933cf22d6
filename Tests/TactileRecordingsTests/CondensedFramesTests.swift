import Foundation
import TactileCore
import TactileEvdev
import TactileTestSupport
import Testing
@testable import TactileRecordings

/// A `libinput record` file read with its evdev frames condensed (`YAMLFrameCondenser`) gives
/// what reading every line through libyaml gives: the same devices and events, or the same
/// error at the same line.
@Suite struct CondensedFramesTests {
    /// Frames as `libinput record` writes them: a comment on every event line, a finger moving.
    static func frames(_ count: Int, from first: Int = 0, indentation: String = "  ") -> String {
        (first..<first + count).map { index in
            let (seconds, microseconds) = (index / 100, index % 100 * 10_000)
            let time = "\(pad(seconds, 3)), \(pad(microseconds, 6))"
            return "\(indentation)- evdev:\n"
                + "\(indentation)  - [\(time),   3,  53, \(pad(100 + index, 7))] # EV_ABS / ABS_MT_POSITION_X \(100 + index)\n"
                + "\(indentation)  - [\(time),   3,  54, \(pad(500 - index, 7))] # EV_ABS / ABS_MT_POSITION_Y \(500 - index)\n"
                + "\(indentation)  - [\(time),   0,   0,       0] # ------------ SYN_REPORT (0) ---------- +10ms\n"
        }.joined()
    }

    static func pad(_ number: Int, _ width: Int) -> String {
        let text = String(number)
        return String(repeating: " ", count: max(width - text.count, 0)) + text
    }

    static func yaml(events: String) -> String { MalformedInputTests.yaml(events: "  events:\n" + events) }

    /// Every device and its events, read with libyaml alone, as `tactile replay` read files before
    /// condensing; or the error.
    static func lineByLine(_ text: String) -> Result<[RecordedDevice], RecordingError> {
        read(text, check: nil, replay: nil).map(\.devices)
    }

    /// The same, read with `check` in the checking pass and `replay` in each device's, and
    /// whether the condensing held.
    static func read(_ text: String, check: YAMLFrameCondenser.Reading?, replay: YAMLFrameCondenser.Reading?)
        -> Result<(devices: [RecordedDevice], held: Bool), RecordingError> {
        func parser(_ reading: YAMLFrameCondenser.Reading?) -> YAMLEventParser {
            YAMLEventParser(text: text, file: "f.yml", lineNumbers: { $0 + 1 }, condensing: reading)
        }
        do throws(RecordingError) {
            let checking = parser(check)
            let parsed = try LibinputRecordParser(checking)
            var devices: [RecordedDevice] = []
            for (index, device) in parsed.devices.enumerated() {
                var stream = try LibinputRecordEvents(parser(replay), device: index)
                var events: [InputEvent] = []
                while let event = try stream.next() { events.append(event) }
                #expect(events.count == device.eventCount)
                devices.append(RecordedDevice(description: device.description, events: events))
            }
            return .success((devices, checking.condensingHeld))
        } catch {
            return .failure(error)
        }
    }

    /// What `tactile replay` reads of `text` is what libyaml alone reads; `held`: whether the
    /// condensing itself held (or the file was read again without it).
    static func expectSameReading(_ text: String, held: Bool, sourceLocation: SourceLocation = #_sourceLocation) {
        let expected = lineByLine(text)
        let loaded = Result { () throws(RecordingError) in try RecordingLoader.load(text: text, file: "f.yml").devices }
        switch (expected, loaded) {
        case (.success(let expected), .success(let loaded)):
            #expect(loaded.map(\.description) == expected.map(\.description), sourceLocation: sourceLocation)
            #expect(loaded.map(\.events) == expected.map(\.events), sourceLocation: sourceLocation)
        case (.failure(let expected), .failure(let loaded)):
            #expect(loaded.description == expected.description, sourceLocation: sourceLocation)
        default:
            Issue.record("read line by line: \(expected); condensed: \(loaded)", sourceLocation: sourceLocation)
        }
        if case .success(let condensed) = read(text, check: .check, replay: .replay) {
            #expect(condensed.held == held, sourceLocation: sourceLocation)
            if held, case .success(let expected) = expected {
                #expect(condensed.devices.map(\.events) == expected.map(\.events), sourceLocation: sourceLocation)
            }
        } else {
            #expect(!held, "the condensed check failed", sourceLocation: sourceLocation)
        }
    }

    @Test("a recording as libinput record writes it, comments and all, is condensed and read as libyaml reads it")
    func libinputRecordForm() {
        let events = "  # Current time is 10:39:15\n" + Self.frames(40)
            + "  - libinput:\n      time: 0.400000\n      type: TOUCH_DOWN\n" + Self.frames(3, from: 40)
            + "  - hid:\n      time: [  0, 430000]\n      hidraw2: [\n        0x54, 0x10,\n      ]\n" + Self.frames(2, from: 43)
        Self.expectSameReading(Self.yaml(events: events), held: true)
    }

    @Test("a recording as tactile record writes it is condensed and read as libyaml reads it")
    func tactileRecordForm() throws {
        let original = try RecordingLoader.load(path: BundledRecording.all.first { $0.name.contains("4-finger-drag") }!.path)
        var writer = LibinputRecordWriter(device: original.devices[0].description, node: "/dev/input/event5", kernel: "6.1", dmi: "")
        var text = writer.header
        text += writer.frame(original.devices[0].events)
        Self.expectSameReading(text, held: true)
        Self.expectSameReading(text.replacingOccurrences(of: "\n", with: "\r\n"), held: true)
        Self.expectSameReading(String(text.dropLast()), held: true)
    }

    @Test("every device of a recording is condensed, and the lines after a device's frames are still named right")
    func twoDevices() throws {
        let second = """
            - node: /dev/input/event1
              evdev:
                name: "second"
                absinfo:
                  53: [0, 1000, 0, 0, 10]
                  54: [0, 1000, 0, 0, 10]
                codes:
                  1: [330]
                  3: [53, 54]
              events:

            """
        let text = Self.yaml(events: Self.frames(30)) + second + Self.frames(20, from: 5)
        Self.expectSameReading(text, held: true)
        let checked = try LibinputRecordParser(YAMLEventParser(text: text, file: "f.yml", lineNumbers: { $0 + 1 }, condensing: .check))
        let lineByLine = try LibinputRecordParser(YAMLEventParser(text: text, file: "f.yml", lineNumbers: { $0 + 1 }, condensing: nil))
        #expect(checked.devices.map(\.line) == lineByLine.devices.map(\.line))
        #expect(checked.devices.map(\.eventCount) == [90, 60])
        // Its error after the first device's frames names the line libyaml alone names.
        Self.expectSameReading(text.replacingOccurrences(of: "53: [0, 1000, 0, 0, 10]\n      54", with: "53: [0, 1000]\n      54"),
                               held: false)
    }

    /// A HID frame as `libinput record --with-hidraw` writes it before an evdev frame.
    static func hidFrame(_ index: Int, reports: [String] = ["hidraw2"]) -> String {
        let bytes = "        0x54, 0x10, 0x62, 0x52, 0x02, 0xf5, 0x0e, 0x37, 0x07, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, \n"
            + "        0x00, 0x00, 0x00\n"
        return "  - hid:\n      time: [\(pad(index / 100, 3)), \(pad(index % 100 * 10_000, 6))]\n"
            + reports.map { "      \($0): [\n" + bytes + "      ]\n" }.joined()
    }

    @Test("HID frames between the evdev frames, as libinput record --with-hidraw writes them, are condensed with them")
    func hidFramesCondensed() throws {
        let events = (0..<30).map { Self.hidFrame($0) + Self.frames(1, from: $0) }.joined()
            + Self.hidFrame(30, reports: ["hidraw2", "hidraw11"]) + Self.frames(2, from: 30) + Self.hidFrame(32)
        let text = Self.yaml(events: "  # Current time is 10:39:15\n" + Self.hidFrame(0) + events)
        Self.expectSameReading(text, held: true)
        let checked = try LibinputRecordParser(YAMLEventParser(text: text, file: "f.yml", lineNumbers: { $0 + 1 }, condensing: .check))
        #expect(checked.devices.map(\.eventCount) == [96])
    }

    @Test("a HID frame in a form libinput record does not write is read by libyaml, with its reading or its error", arguments: [
        "      hidraw2: [\n        0x54, 0x10\n      ]\n  - hid:\n      hidraw2: [\n        0x54\n      ]\n",  // no time
        "      time: [  0, 1]\n      hidraw2: [\n        # a comment\n        0x54\n      ]\n",
        "      time: [  0, 1]\n      hidraw2: [\n\n        0x54\n      ]\n",
        "      time: [  0, 1]\n      hidraw2: [\n        0x5\n      ]\n",
        "      time: [  0, 1]\n      hidraw2: [\n        0x54,0x10\n      ]\n",
        "      time: [  0, 1]\n      hidraw2: [\n        0x54,, 0x10\n      ]\n",
        "      time: [  0, 1]\n      hidraw2: [\n      0x54\n      ]\n",
        "      time: [  0, 1]\n      hidraw2: [\n        0x54\n        ]\n",
        "      time: [  0, 1]\n      hidraw2: [\n        0x54\n",
        "      time: [  0, 1]\n      hidraw2: [ 0x54 ]\n",
        "      time: [  0, 1]\n      other: 1\n",
        "      time: [  0, 1]\n       hidraw2: [\n        0x54\n      ]\n",
        "      time: [ -1, 1]\n",
        "    time: [  0, 1]\n",
        "      time: [  0, 1] # a comment\n",
        "",
    ])
    func unreadHIDFrame(_ lines: String) {
        Self.expectSameReading(Self.yaml(events: Self.frames(3) + "  - hid:\n" + lines + Self.frames(2, from: 3)), held: false)
    }

    @Test("a line of HID bytes that leaves the written `0xHH, ` form part way is read on from there, as libyaml reads it",
          arguments: [
              ("0x54, 0x10,  0x11, 0x12", true), ("0x54, 0x10 , 0x11", true), ("0x54, 0x10, ", true),
              ("0x54, 0x10, 0xzz", false), ("0x54, 0x10, 0x1", false), ("0x54, 0x10,0x11", false),
          ])
    func hidBytesLeavingTheWrittenForm(_ bytes: String, held: Bool) {
        let frame = "  - hid:\n      time: [  0, 1]\n      hidraw2: [\n        \(bytes)\n        0x00\n      ]\n"
        Self.expectSameReading(Self.yaml(events: Self.frames(3) + frame + Self.frames(2, from: 3)), held: held)
    }

    @Test("a recording libinput record --with-hidraw wrote reads as libyaml alone reads it, condensed", .needsCorpus)
    func hidRecordingFromTheCorpus() throws {
        let text = try String(contentsOfFile: Corpus.path("ml-hp-spectre-x360-elan07ce.palm-then-finger.yml"), encoding: .utf8)
        #expect(text.contains("  - hid:\n"))
        Self.expectSameReading(text, held: true)
    }

    @Test("a frame with a line the condenser does not read is read by libyaml, with its reading or its error", arguments: [
        "    - [  1, 0, 0x3, 0x35,  5]\n",  // hexadecimal: libyaml's reading takes it
        "    - [  1,\t0,   3,  53,  5]\n",
        "    - [  1, 0, 3, 53, 5]#c\n",
        "    - [ +1, 0, 3, 53, 5]\n",
        "    - [  1, 0, 3, 53, 1234567890123456789]\n",
        "    - [  0, 1000000,   3,  53,  5]\n",
        "    - [  1,  0,   3,  53,  99999999999]\n",
        "    - [  1, 0, 3, 53]\n",
        "    - [  1, 0, 3, 53, x]\n",
        "    - [  1, 0, 3, 53, 5]\n     - [  1, 0, 0, 0, 0]\n",
        "    - [  1, 0, 3, 53, 5]\n      - [  1, 0, 0, 0, 0]\n",
        "   - [  1, 0, 3, 53, 5]\n",
        "    - [  1, 0, 3, 53, 5] x\n",
        "    - [  1, 0, 3",
        "",
        "    - [  1, 0, 3, 53, 5] # \u{1}\n",
        "    - [  1, 0, 3, 53, 5] # 5 × 3\n",
        "    # \u{7f}\n    - [  1, 0, 3, 53, 5]\n",
    ])
    func unreadLine(_ lines: String) {
        Self.expectSameReading(Self.yaml(events: Self.frames(3) + "  - evdev:\n" + lines + Self.frames(2, from: 3)), held: false)
    }

    @Test("frames where a recorder never writes them are read by libyaml", arguments: [
        // A literal block scalar: its text is not frames.
        MalformedInputTests.yaml(events: "").replacingOccurrences(of: "name: \"test\"", with: "name: |\n      x\n"
            + frames(2, indentation: "      ")) + "  events:\n" + frames(3),
        // A device that is a frame, and frames under another key.
        "version: 1\ndevices:\n" + frames(2, indentation: ""),
        yaml(events: "  - hid:\n" + frames(2, indentation: "    ") + frames(2)),
        // Two events lists in one device: the first counts.
        yaml(events: frames(2) + "  events:\n" + frames(3)),
        // A flow list, and a line that reads as the condenser's own.
        MalformedInputTests.yaml(events: "  events: [\n" + frames(2) + "  ]\n"),
        yaml(events: frames(2) + "  - ~\n" + frames(2)),
        // A carriage return alone, which libyaml counts as a line break.
        yaml(events: frames(2)).replacingOccurrences(of: "ndevices: 1\n", with: "ndevices: 1\r# a comment\n"),
        yaml(events: frames(2)).replacingOccurrences(of: "name: \"test\"", with: "name: \"te\u{2028}st\""),
    ])
    func unusualPlaces(_ text: String) {
        Self.expectSameReading(text, held: false)
    }

    @Test("an event line cut short where a file of a whole chunk ends is not completed by bytes read before")
    func lineCutAtTheEndOfAChunk() throws {
        let cut = "    - [  1, 0, 3, 53, 1"
        // The bytes a reader's buffer held after the cut line, had the line's end not been marked.
        var text = "#" + String(repeating: " ", count: cut.utf8.count - 1) + "2] # a comment\n"
        text += Self.yaml(events: Self.frames(3)) + "  - evdev:\n"
        let filler = LineReader.chunkSize - text.utf8.count - cut.utf8.count
        text += "    #" + String(repeating: "x", count: filler - 6) + "\n" + cut
        #expect(text.utf8.count == LineReader.chunkSize)
        guard case .failure(let expected) = Self.lineByLine(text) else {
            Issue.record("libyaml read the cut line")
            return
        }
        let path = Corpus.temporaryFile(text, name: "cut.yml")
        do {
            let recording = try RecordingLoader.load(path: path)
            Issue.record("read \(recording.devices[0].events.count) events")
        } catch {
            #expect(error.description == expected.description.replacingOccurrences(of: "f.yml", with: path))
        }
    }

    @Test("a file that changed between the check and the replay fails at the changed line")
    func changedWhileReplayed() throws {
        // Longer than the chunks a file is read in, so the replay reads its end after the change.
        let text = Self.yaml(events: Self.frames(40_000))
        let path = Corpus.temporaryFile(text, name: "changing.yml")
        var stream = try RecordingStream(path: path)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        // The last frame's second event: its line, then its SYN_REPORT's, then the empty one after the last line break.
        let changedLine = lines.count - 2
        lines[changedLine - 1] = Substring(lines[changedLine - 1].replacingOccurrences(of: "  3,  54,", with: "  3,  5x,"))
        try Data(lines.joined(separator: "\n").utf8).write(to: URL(fileURLWithPath: path))
        var error: RecordingError?
        do {
            while try stream.next() != nil {}
        } catch let failure {
            error = failure
        }
        #expect(error?.description == "\(path):\(changedLine): changed while it was replayed")
    }
}
