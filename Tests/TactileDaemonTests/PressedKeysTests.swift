import TactileConfiguration
import TactileProtocol
import Testing
@testable import TactileDaemon

/// What goes down and up for each key action, with no device: the rules that keep anything from
/// being left pressed.
@Suite("Pressed keys")
struct PressedKeysTests {
    private let alt = KeyCode(named: "alt")!, tab = KeyCode(named: "tab")!, ctrl = KeyCode(named: "ctrl")!
    private let shift = KeyCode(named: "shift")!

    private func holder(_ sequence: UInt64, _ gesture: GestureName = .recognized(.drag), device: String = "pad") -> PressedKeys.Holder {
        var record = GestureRecord(gesture: gesture, phase: .began)
        (record.sequence, record.device) = (sequence, device)
        return PressedKeys.Holder(record)
    }

    private func down(_ keys: KeyCode...) -> [PressedKeys.Transition] { keys.map { .init(key: $0, isPressed: true) } }
    private func up(_ keys: KeyCode...) -> [PressedKeys.Transition] { keys.map { .init(key: $0, isPressed: false) } }

    @Test("a chord goes down left to right and up right to left")
    func chord() {
        var keys = PressedKeys()
        #expect(keys.chord([ctrl, alt, tab]) == down(ctrl, alt, tab) + up(tab, alt, ctrl))
        #expect(keys.pressed.isEmpty)
    }

    @Test("a chord leaves a held key down: alt+tab while key-down alt holds Alt types only Tab")
    func chordOverHeldKey() {
        var keys = PressedKeys()
        #expect(keys.hold([alt], for: holder(1)) == down(alt))
        #expect(keys.chord([alt, tab]) == down(tab) + up(tab))
        #expect(keys.pressed == [alt])
    }

    @Test("holding a key twice is holding it once; key-up releases right to left")
    func holdTwice() {
        var keys = PressedKeys()
        #expect(keys.hold([ctrl, alt], for: holder(1)) == down(ctrl, alt))
        #expect(keys.hold([alt], for: holder(1)).isEmpty)
        #expect(keys.release([ctrl, alt], heldBy: holder(1)) == up(alt, ctrl))
        #expect(keys.release([alt], heldBy: holder(1)).isEmpty)
    }

    @Test("a key-up without its key-down does nothing, from the same gesture or another")
    func unmatchedKeyUp() {
        var keys = PressedKeys()
        #expect(keys.release([alt], heldBy: holder(1)).isEmpty)
        _ = keys.hold([alt], for: holder(1))
        #expect(keys.release([alt], heldBy: holder(2)).isEmpty)
        #expect(keys.release([alt], heldBy: holder(1, .recognized(.rotate))).isEmpty)
        #expect(keys.release([alt], heldBy: holder(1, device: "screen")).isEmpty)
        #expect(keys.pressed == [alt])
    }

    @Test("a key two gestures hold goes up when the last lets go")
    func sharedKey() {
        var keys = PressedKeys()
        #expect(keys.hold([alt], for: holder(1)) == down(alt))
        #expect(keys.hold([alt, shift], for: holder(2, .recognized(.magnify))) == down(shift))
        #expect(keys.releaseAll(heldBy: holder(1)).isEmpty)
        #expect(keys.releaseAll(heldBy: holder(2, .recognized(.magnify))) == up(shift, alt))
        #expect(keys.pressed.isEmpty)
    }

    @Test("at the end everything goes up, last pressed first, and nothing is held after")
    func releaseAll() {
        var keys = PressedKeys()
        _ = keys.hold([ctrl], for: holder(1))
        _ = keys.hold([shift, alt], for: holder(2))
        #expect(keys.releaseAll() == up(alt, shift, ctrl))
        #expect(keys.releaseAll().isEmpty)
        #expect(keys.releaseAll(heldBy: holder(2)).isEmpty)
        #expect(keys.hold([alt], for: holder(2)) == down(alt))
    }
}
