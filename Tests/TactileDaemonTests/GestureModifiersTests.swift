import TactileCore
import TactileDaemon
import TactileProtocol
import Testing

/// The keyboards are asked at a gesture's first event and only then; its other events carry
/// what was held as it began.
@Suite("Modifiers a gesture began with")
struct GestureModifiersTests {
    @Test("read at began, kept through changed to ended, whatever is held later; a tap is read at its one event")
    func readOnce() {
        var memory = GestureModifiers()
        var reads = 0
        var keyboard: ModifierSet = .ctrl
        func event(_ gesture: GestureName, _ phase: GesturePhase, sequence: UInt64 = 1) -> ModifierSet {
            var record = GestureRecord(gesture: gesture, phase: phase)
            (record.device, record.sequence) = ("Pad", sequence)
            return memory.modifiers(of: record) {
                reads += 1
                return keyboard
            }
        }
        #expect(event(.recognized(.drag), .began) == .ctrl)
        keyboard = []
        #expect(event(.recognized(.drag), .changed) == .ctrl)
        #expect(event(.recognized(.drag), .ended) == .ctrl)
        #expect(reads == 1)
        #expect(event(.recognized(.drag), .changed) == [], "the gesture is over: nothing is kept")
        keyboard = .shift
        #expect(event(.recognized(.tap), .ended, sequence: 2) == .shift)
        #expect(reads == 2)
        keyboard = []
        #expect(event(.recognized(.rotate), .began, sequence: 3) == [])
        #expect(event(.recognized(.rotate), .cancelled, sequence: 3) == [])
        #expect(reads == 3)
    }
}
