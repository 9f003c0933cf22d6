import Foundation
import TactileEvdev
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// The daemon asks the seat's keyboards which modifiers are down as each gesture begins
    /// (`EVIOCGKEY`), and every line of that gesture carries them: here a keyboard umockdev
    /// emulates, with Ctrl and the left Alt held, beside a touchscreen.
    @Suite(.serialized)
    struct KeyboardModifiersTests {
        @Test func aGestureBegunWithModifiersHeldCarriesThemOnEveryLine() throws {
            let recorded = try LiveVersusReplayTests.touchDevice(LiveVersusReplayTests.atmel)
            let touchscreen = EmulatedDeviceFiles(number: 9, description: recorded.description)
            let keyboard = EmulatedDeviceFiles(
                number: 10, description: DeviceDescription(name: "Emulated keyboard", codes: [EventType.key: [29, 30, 56, 97]]),
                kind: "ID_INPUT_KEYBOARD", heldKeys: [29, 56])
            let testbed = Testbed()
            let node = try testbed.add(touchscreen)
            _ = try testbed.add(keyboard)
            let tactile = try TactileProcess(["run", "--device", touchscreen.node], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains(touchscreen.node) }, "\(tactile.errors)")
            let shift = EventStream.play(recorded.events, to: node)
            let expected = replayedLines(recorded, shiftedBy: shift).map { String($0.dropLast()) + #","mods":"ctrl+alt"}"# }
            #expect(tactile.waitFor { $0.lines(of: recorded.description.name).count >= expected.count })
            #expect(tactile.terminate() == 0, "\(tactile.errors)")
            #expect(!expected.isEmpty)
            #expect(tactile.lines(of: recorded.description.name) == expected, "\(tactile.errors)")
        }
    }
}
