import TactileCore
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

/// The demo recording (`scripts/demo`, a Wacom DTH2242 touchscreen): one-finger long-presses that
/// other fingers join before the hand swipes. Each reports one finger, so its `x`, `y` is that
/// finger's, not the midpoint of contacts 58 mm and more apart.
@Suite("Long-press locations in the demo recording")
struct LongPressLocationTests {
    @Test("every long-press event lies on the finger it counts, while that finger is down")
    func onTheCountedFinger() throws {
        let recording = try RecordingLoader.load(path: Corpus.path("evd-wacom-dth2242-finger.evemu"))
        var replayer = Replayer(recording: recording)
        var contacts: [Contact] = []
        var counted: [UInt64: Int32] = [:]  // a sequence's long-press → the contact it counts
        var checked = 0, joined = 0
        replayer.run(frame: { _, frame in
            contacts = (0..<frame.count).map { frame[$0] }
        }, gesture: { _, event in
            guard event.kind == .longPress else { return }
            #expect(event.fingers == 1)
            if event.phase == .began { counted[event.sequence] = contacts.first?.id }
            guard let id = counted[event.sequence], let finger = contacts.first(where: { $0.id == id }) else { return }
            #expect((event.location - finger.position).length < 1, "\(event.phase) at \(event.location), finger at \(finger.position)")
            checked += 1
            if contacts.count > 1 { joined += 1 }
        })
        #expect(checked >= 8)
        #expect(joined >= 2, "the recording has long-presses that another finger joins")
    }
}
