import Testing
import TactileEvdev

@Suite struct DeviceDescriptionTests {
    @Test func touchDevicesAreRecognised() {
        #expect(TestDevices.protocolB(slots: 2).isTouchDevice)
        #expect(TestDevices.protocolA.isTouchDevice)
        #expect(TestDevices.singleTouchPad.isTouchDevice)
    }

    @Test func keyboardsAndRelativeMiceAreNotTouchDevices() {
        let keyboard = DeviceDescription(name: "keyboard", codes: [EventType.key: [30, 31, 32]])
        let mouse = DeviceDescription(name: "mouse", codes: [EventType.key: [KeyCode.left], EventType.rel: [0, 1]])
        let joystick = DeviceDescription(name: "joystick", codes: [EventType.abs: [AbsCode.x, AbsCode.y]],
                                         absInfo: [AbsCode.x: TestDevices.axis, AbsCode.y: TestDevices.axis])
        #expect(!keyboard.isTouchDevice)
        #expect(!mouse.isTouchDevice)
        #expect(!joystick.isTouchDevice)
    }

    @Test func helpersReadSlotsToolsAndProperties() {
        let semi = TestDevices.semiMT
        #expect(semi.slotCount == 2)
        #expect(semi.maxToolFingers == 3)
        #expect(semi.isSemiMT)
        #expect(semi.hasMultitouchSlots)
        #expect(!semi.isDirect)
        #expect(TestDevices.protocolA.slotCount == 0)
        #expect(!TestDevices.protocolA.hasMultitouchSlots)
    }

    @Test func withoutPropertiesATouchButtonWithoutFingerToolIsATouchscreen() {
        var screen = TestDevices.protocolB(slots: 2, properties: [])
        #expect(screen.isDirect)
        screen.codes[EventType.key]?.insert(KeyCode.toolFinger)
        #expect(!screen.isDirect)
    }
}
