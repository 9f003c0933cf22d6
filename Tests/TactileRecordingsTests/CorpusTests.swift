import Foundation
import TactileTestSupport
import Testing
import TactileEvdev
import TactileRecordings

@Suite struct CorpusTests {
    @Test(.needsCorpus, arguments: Corpus.recordingNames)
    func everyRecordingLoadsWithEventsAndATouchDevice(_ name: String) throws {
        if name.contains("hid-recorder") { return }
        let recording = try RecordingLoader.load(path: Corpus.path(name), descriptionPath: Corpus.descriptionPath(for: name))
        #expect(recording.devices.contains { $0.description.isTouchDevice && !$0.events.isEmpty })
    }

    /// Event counts as CATALOGUE.md lists them, of bundled recordings.
    @Test(arguments: [
        ("evd-atmel-maxtouch.1-finger-fast-taps.evemu", 84),
        ("evd-bcm5974.three-finger-click.evemu", 2586),
        ("evd-wacom-dth2242-finger.evemu", 16593),
        ("evd-egalax-pcap.tap.events", 13),
        ("evd-ntrig.2-fingers-touch-release.events", 2203),
        ("evd-alps-glidepoint.right-edge-scroll.events", 230),
    ])
    func eventCountsMatchTheCatalogue(_ name: String, _ count: Int) throws {
        try expectEvents(count, in: name)
    }

    /// The same of the corpus's libinput record, mail and evtest files, whose licence keeps them out of the repository.
    @Test(.needsCorpus, arguments: [
        ("ml-hp-spectre-x360-elan07ce.palm-then-finger.yml", 1733),
        ("ml-ite8595-acer-sw5-012.2fg-scroll.mailbody-quoted.txt", 112),
        ("ml-melfas-mms114-touchscreen.mailbody-evtest.txt", 1044),
        ("ml-dell-dll0945-synaptics.ghost-fingers.evtest.txt", 2221),
        ("bad-suspect-ml-elan1206-zenbook.yml", 328),
        ("bad-suspect-ml-elan1206-zenbook.evemu", 328),
    ])
    func corpusEventCountsMatchTheCatalogue(_ name: String, _ count: Int) throws {
        try expectEvents(count, in: name)
    }

    private func expectEvents(_ count: Int, in name: String) throws {
        let recording = try RecordingLoader.load(path: Corpus.path(name), descriptionPath: Corpus.descriptionPath(for: name))
        #expect(recording.devices.count == 1)
        #expect(recording.devices.first?.events.count == count)
    }

    @Test func evemuHeaderIsDecoded() throws {
        let recording = try RecordingLoader.load(path: Corpus.path("evd-alps-glidepoint.2-finger-tap.evemu"))
        let description = try #require(recording.devices.first).description
        #expect(description.name == "AlpsPS/2 ALPS GlidePoint")
        #expect(description.bustype == 0x11 && description.vendor == 0x02 && description.product == 0x08)
        #expect(description.isSemiMT)
        #expect(description.maxToolFingers == 4)
        #expect(description.absInfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 2000))
        let first = try #require(recording.devices.first?.events.first)
        #expect(first == InputEvent(time: .init(microseconds: 0), type: EventType.abs, code: AbsCode.mtTrackingID, value: 20))
    }

    @Test(.needsCorpus) func libinputRecordHeaderAndEventsAreDecoded() throws {
        let recording = try RecordingLoader.load(path: Corpus.path("ml-hp-spectre-x360-elan07ce.palm-then-finger.yml"))
        let device = try #require(recording.devices.first)
        #expect(device.description.name == "ELAN07CE:00 04F3:32C8 Touchpad")
        #expect(device.description.vendor == 1267 && device.description.product == 13000)
        #expect(device.description.properties == [InputProperty.pointer, InputProperty.buttonPad])
        #expect(device.description.absInfo[AbsCode.mtPositionX] == AbsInfo(minimum: 0, maximum: 4936, resolution: 31))
        #expect(device.description.slotCount == 5)
        #expect(device.events[2] == InputEvent(time: .init(microseconds: 6044), type: EventType.msc, code: 5, value: 7000))
    }

    @Test(.needsCorpus) func quotedMailRecordingSkipsTheReply() throws {
        let recording = try RecordingLoader.load(path: Corpus.path("ml-ite8595-acer-sw5-012.2fg-scroll.mailbody-quoted.txt"))
        let device = try #require(recording.devices.first)
        #expect(device.description.name == "ITE Tech. Inc. ITE Device(8595) Touchpad")
        #expect(device.description.slotCount == 3)
        #expect(device.events.last == InputEvent(time: .init(microseconds: 89724), type: EventType.syn, code: SynCode.report, value: 0))
    }

    @Test(.needsCorpus) func evtestHeaderAndEventsAreDecoded() throws {
        let recording = try RecordingLoader.load(path: Corpus.path("ml-dell-dll0945-synaptics.ghost-fingers.evtest.txt"))
        let device = try #require(recording.devices.first)
        #expect(device.description.name == "DLL0945:00 06CB:CE26 Touchpad")
        #expect(device.description.vendor == 0x6cb && device.description.product == 0xce26)
        #expect(device.description.properties == [InputProperty.pointer, InputProperty.buttonPad])
        #expect(device.description.absInfo[AbsCode.x] == AbsInfo(minimum: 0, maximum: 1349, resolution: 12))
        #expect(device.description.slotCount == 15)
        #expect(device.events.first == InputEvent(time: .init(microseconds: 1_758_384_423_823_551),
                                                   type: EventType.abs, code: AbsCode.mtTrackingID, value: 0))
        #expect(device.events.contains { $0.type == EventType.syn && $0.code == SynCode.report })
    }

    @Test func decodingARealRecordingGivesFrames() throws {
        let device = try #require(try RecordingLoader.load(
            path: Corpus.path("evd-atmel-maxtouch.2-fingers-touch-release.evemu")).devices.first)
        var decoder = EvdevDecoder(device: device.description, geometry: DeviceGeometry(description: device.description))
        var most = 0
        for event in device.events {
            if case .frame(let frame)? = decoder.decode(event) { most = max(most, frame.count) }
        }
        #expect(most == 2)
        #expect(decoder.warningCount == 0)
    }
}

/// Where CI says the corpus must be (TACTILE_REQUIRE_CORPUS=1), the tests marked `needsCorpus`
/// must have run: a corpus gone missing there fails, rather than skipping them quietly.
@Suite struct CorpusPresenceTests {
    @Test(.enabled(if: Corpus.isRequired, "TACTILE_REQUIRE_CORPUS is not set: the corpus is optional here"))
    func theCorpusIsPresentWhereRequired() {
        #expect(Corpus.isPresent, "TACTILE_REQUIRE_CORPUS=1, but there is no corpus at \(Corpus.directory.path)")
        #expect(Corpus.recordingNames.count > 40, "\(Corpus.recordingNames.count) recordings in \(Corpus.directory.path)")
    }

    /// Every bundled file is the corpus file of the same name, byte for byte.
    @Test(.needsCorpus)
    func bundledRecordingsAreExactCopies() throws {
        for directory in Corpus.bundledDirectories {
            let names = try FileManager.default.contentsOfDirectory(atPath: directory.path)
                .filter { [".evemu", ".events", ".desc", ".yml"].contains(where: $0.hasSuffix) }
            #expect(!names.isEmpty)
            for name in names {
                let bundled = FileManager.default.contents(atPath: directory.appendingPathComponent(name).path)
                let original = FileManager.default.contents(atPath: Corpus.directory.appendingPathComponent(name).path)
                #expect(bundled != nil && bundled == original, "\(name)")
            }
        }
    }
}
