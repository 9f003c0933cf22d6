import TactileCore
import Testing
@testable import TactileProtocol

@Suite("Modifiers on the stream")
struct ModifierSetTests {
    @Test("a keyboard's key state gives its modifiers: either Ctrl, Shift or Super, left Alt, AltGr, Caps Lock held")
    func keyState() {
        var bits = [UInt8](repeating: 0, count: 96)
        for key: UInt16 in [97, 56, 126, 30] { bits[Int(key / 8)] |= 1 << (key % 8) }  // right Ctrl, left Alt, right Meta, A
        #expect(ModifierSet(keyState: bits) == [.ctrl, .alt, .super])
        #expect(ModifierSet(keyState: bits).text == "ctrl+alt+super")
        #expect(ModifierSet(keyState: [UInt8](repeating: 0, count: 96)).isEmpty)
    }

    @Test("words in any order, each once; none is the empty set")
    func words() {
        #expect(ModifierSet(text: "alt+ctrl") == [.ctrl, .alt])
        #expect(ModifierSet(text: "none") == [])
        #expect(ModifierSet(text: "ctrl+ctrl") == nil)
        #expect(ModifierSet(text: "hyper") == nil)
        #expect(ModifierSet(text: "ctrl+") == nil)
    }

    @Test("mods is last on a line, and only on one of a gesture begun with a modifier held; listen reads it back")
    func onTheLine() throws {
        var record = GestureRecord(GestureEvent(time: Instant(microseconds: 0), phase: .ended, fingers: 2,
                                                location: .zero, payload: .tap(count: 1)), device: "Pad", surface: .touchpad)
        var bytes: [UInt8] = []
        JSONLinesEncoder(deviceName: "Pad", surface: .touchpad).encode(record, into: &bytes)
        #expect(!String(decoding: bytes, as: UTF8.self).contains("mods"))
        #expect(!record.environment.contains { $0.hasPrefix("TACTILE_MODS=") })
        record.modifiers = [.ctrl, .altgr]
        bytes = []
        JSONLinesEncoder(deviceName: "Pad", surface: .touchpad).encode(record, into: &bytes)
        let line = String(decoding: bytes, as: UTF8.self)
        #expect(line.hasSuffix(#","count":1,"mods":"ctrl+altgr"}"# + "\n"))
        #expect(record.environment.last == "TACTILE_MODS=ctrl+altgr")
        #expect(try GestureRecord(jsonLine: line.dropLast()) == record)
        #expect(throws: StreamLineError.self) { try GestureRecord(jsonLine: #"{"gesture":"tap","phase":"ended","mods":"ctrl+meta"}"#) }
    }
}
