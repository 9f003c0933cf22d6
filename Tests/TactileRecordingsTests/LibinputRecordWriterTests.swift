import Foundation
import TactileCore
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

@Suite struct LibinputRecordWriterTests {
    /// Recordings in each input format, touchscreens and touchpads, MT slots and single touch.
    static let names = [
        "evd-atmel-maxtouch.4-finger-drag-down.evemu",
        "evd-ntrig.2-fingers-touch-release.events",
        "xit-synaptics-clickpad.two-finger-scroll-down.events",
        "evd-alps-glidepoint.double-tap.evemu",
    ]

    /// A libinput record and an evtest file, kept out of the repository by their licence.
    static let corpusNames = [
        "ml-hp-spectre-x360-elan07ce.palm-then-finger.yml",
        "ml-melfas-mms114-touchscreen.mailbody-evtest.txt",
    ]

    @Test(arguments: names)
    func writtenRecordingLoadsBackWithTheSameDeviceEventsAndGestures(_ name: String) throws {
        try expectRoundTrip(of: name)
    }

    @Test(.needsCorpus, arguments: corpusNames)
    func writtenCorpusRecordingLoadsBackWithTheSameDeviceEventsAndGestures(_ name: String) throws {
        try expectRoundTrip(of: name)
    }

    private func expectRoundTrip(of name: String) throws {
        let original = try #require(try RecordingLoader.load(
            path: Corpus.path(name), descriptionPath: Corpus.descriptionPath(for: name)).devices.first)
        let path = Corpus.temporaryFile(Self.text(of: original), name: "written.yml")
        let loaded = try RecordingLoader.load(path: path)

        let device = try #require(loaded.devices.first)
        #expect(loaded.devices.count == 1)
        #expect(device.description == Self.withoutAxisValues(original.description))
        let origin = original.events[0].time.microseconds
        #expect(device.events == original.events.map { $0.shifted(by: -origin) })
        let replayed = replayedGestures(original).map { "\($0.time - origin) \($0.text)" }
        #expect(!replayed.isEmpty)
        #expect(replayedGestures(device).map { "\($0.time) \($0.text)" } == replayed)
    }

    /// udev's calibration is in the file, as `libinput record` writes it, so the replay of a
    /// recorded screen that is mounted rotated turns as the screen did live.
    @Test func aCalibratedTouchscreenLoadsBackCalibrated() throws {
        var original = try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.4-finger-drag-down.evemu")).devices[0]
        original.description.calibration = CalibrationMatrix(a: 0, b: -1, c: 1, d: 1, e: 0, f: 0)
        let text = Self.text(of: original)
        #expect(text.contains("\n    - LIBINPUT_CALIBRATION_MATRIX=0 -1 1 1 0 0\n"))
        let loaded = try RecordingLoader.load(path: Corpus.temporaryFile(text, name: "calibrated.yml")).devices[0]
        #expect(loaded.description.calibration == original.description.calibration)
    }

    @Test func aFileCutAfterAnyFrameIsStillARecording() throws {
        let original = try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.1-finger-fast-taps.evemu")).devices[0]
        var writer = LibinputRecordWriter(device: original.description, node: "/dev/input/event5", kernel: "6.1", dmi: "")
        var text = writer.header
        var frames = 0
        var start = 0
        for (index, event) in original.events.enumerated() where event.type == EventType.syn && event.code == SynCode.report {
            text += writer.frame(original.events[start...index])
            start = index + 1
            frames += 1
            if frames == 3 { break }
        }
        let loaded = try RecordingLoader.load(path: Corpus.temporaryFile(text, name: "cut.yml"))
        #expect(loaded.devices[0].events.count == start)
    }

    @Test func headerCarriesWhatLibinputReplayNeeds() {
        let description = DeviceDescription(
            name: "Quote \" and \\ backslash", bustype: 0x18, vendor: 0x4f3, product: 0x32c8, version: 0x100,
            properties: [0, 2], codes: [EventType.key: [330, 325], EventType.abs: [0, 1]],
            absInfo: [0: AbsInfo(value: 17, minimum: 0, maximum: 4936, resolution: 31),
                      1: AbsInfo(minimum: 0, maximum: 3045, fuzz: 1, flat: 2, resolution: 31)])
        let header = LibinputRecordWriter(device: description, node: "/dev/input/event12", kernel: "6.1.0", dmi: "dmi:bvnX:")
            .header
        #expect(header.hasPrefix("# libinput record\n"))
        for line in ["version: 1", "ndevices: 1", "  kernel: \"6.1.0\"", "- node: \"/dev/input/event12\"",
                     "    name: \"Quote \\\" and \\\\ backslash\"", "    id: [24, 1267, 13000, 256]",
                     "      0: [0, 3]", "      1: [325, 330]", "      3: [0, 1]",
                     "      0: [0, 4936, 0, 0, 31]", "      1: [0, 3045, 1, 2, 31]", "    properties: [0, 2]",
                     "    - ID_INPUT_TOUCHPAD=1"] {
            #expect(header.split(separator: "\n").contains { $0 == line }, "missing \(line)")
        }
        #expect(header.hasSuffix("  events:\n"))
    }

    @Test func timesAreRelativeToTheFirstEventAndNeverNegative() {
        var writer = LibinputRecordWriter(device: DeviceDescription(name: "x"), node: "/dev/input/event0", kernel: "", dmi: "")
        let first = writer.frame([InputEvent(time: Instant(microseconds: 5_000_100), type: 0, code: 0, value: 0)])
        let later = writer.frame([InputEvent(time: Instant(microseconds: 7_250_000), type: 3, code: 57, value: -1)])
        let earlier = writer.frame([InputEvent(time: Instant(microseconds: 4_000_000), type: 0, code: 0, value: 0)])
        #expect(first == "  - evdev:\n    - [  0,      0,   0,   0,      0]\n")
        #expect(later == "  - evdev:\n    - [  2, 249900,   3,  57,     -1]\n")
        #expect(earlier == "  - evdev:\n    - [  0,      0,   0,   0,      0]\n")
    }

    /// The whole document: the header, then one entry per frame.
    static func text(of device: RecordedDevice) -> String {
        var writer = LibinputRecordWriter(device: device.description, node: "/dev/input/event7", kernel: "6.1.0", dmi: "")
        var text = writer.header
        var start = device.events.startIndex
        for index in device.events.indices
        where device.events[index].type == EventType.syn && device.events[index].code == SynCode.report {
            text += writer.frame(device.events[start...index])
            start = index + 1
        }
        text += writer.frame(device.events[start...])
        return text
    }

    /// `libinput record` has no place for an axis's current value.
    static func withoutAxisValues(_ description: DeviceDescription) -> DeviceDescription {
        var result = description
        for code in result.absInfo.keys { result.absInfo[code]?.value = 0 }
        return result
    }
}
