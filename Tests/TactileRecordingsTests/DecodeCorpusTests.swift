import TactileTestSupport
import Testing
import TactileEvdev
import TactileRecordings

/// Every real recording decodes without trapping, and finger counts agree with CATALOGUE.md.
@Suite struct DecodeCorpusTests {
    private func decode(_ name: String) throws -> (mostFingers: Int, frames: Int, warnings: Int) {
        let recording = try RecordingLoader.load(path: Corpus.path(name), descriptionPath: Corpus.descriptionPath(for: name))
        var most = 0, frames = 0, warnings = 0
        for device in recording.devices where device.description.isTouchDevice {
            var decoder = EvdevDecoder(device: device.description, geometry: DeviceGeometry(description: device.description))
            for event in device.events {
                if case .frame(let frame)? = decoder.decode(event) {
                    frames += 1
                    most = max(most, frame.fingerCount)
                }
            }
            warnings += decoder.warningCount
        }
        return (most, frames, warnings)
    }

    @Test(.needsCorpus, arguments: Corpus.recordingNames.filter { !$0.contains("hid-recorder") })
    func decodesIntoFrames(_ name: String) throws {
        #expect(try decode(name).frames > 0)
    }

    /// "max fingers" column of CATALOGUE.md, of bundled recordings.
    @Test(arguments: [
        ("evd-atmel-maxtouch.4-finger-drag-down.evemu", 4),
        ("evd-wacom-dth2242-finger.evemu", 10),
        ("evd-bcm5974.three-finger-click.evemu", 3),
        ("evd-ntrig.2-fingers-touch-release.events", 2),
        ("evd-cypress.three-finger-tap.evemu", 3),
        ("evd-synaptics.two-finger-vert-scroll.events", 2),
    ])
    func mostFingersMatchTheCatalogue(_ name: String, _ fingers: Int) throws {
        try expectMostFingers(fingers, in: name)
    }

    /// The same of corpus files the repository may not carry.
    @Test(.needsCorpus, arguments: [
        ("ml-hp-spectre-x360-elan07ce.palm-then-finger.yml", 5),
        ("ml-dell-dll0945-synaptics.ghost-fingers.evtest.txt", 3),
    ])
    func corpusMostFingersMatchTheCatalogue(_ name: String, _ fingers: Int) throws {
        try expectMostFingers(fingers, in: name)
    }

    private func expectMostFingers(_ fingers: Int, in name: String) throws {
        let result = try decode(name)
        #expect(result.mostFingers == fingers)
        #expect(result.warnings == 0)
    }
}
