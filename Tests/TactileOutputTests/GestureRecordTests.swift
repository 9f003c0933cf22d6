import TactileCore
import Testing
@testable import TactileOutput

@Suite("JSON Lines and gesture records")
struct GestureRecordTests {
    func dragEnded() -> GestureEvent {
        var event = GestureEvent(time: Instant(microseconds: 12_345_678), kind: .drag, phase: .ended, fingers: 2,
                                 location: Point(x: 101.234, y: -0.001))
        event.sequence = 3
        event.translation = Point(x: -0.4, y: 38.9)
        event.velocity = Point(x: 0.06, y: 210.34)
        event.direction = .down
        return event
    }

    @Test("a drag's line follows the output contract, with fixed decimals and no negative zero")
    func encodesDrag() {
        var bytes: [UInt8] = []
        JSONLinesEncoder(deviceName: "Pad \"1\"").encode(dragEnded(), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"time":12.345678,"seq":3,"device":"Pad \\"1\\"","gesture":"drag","phase":"ended","fingers":2,\
            "x":101.23,"y":0.00,"dx":-0.40,"dy":38.90,"vx":0.1,"vy":210.3,"direction":"down"}

            """)
    }

    @Test("a line read back gives the same record as the event it came from")
    func roundTrip() throws {
        var bytes: [UInt8] = []
        let event = dragEnded()
        JSONLinesEncoder(deviceName: "Pad").encode(event, into: &bytes)
        let record = try GestureRecord(jsonLine: String(decoding: bytes, as: UTF8.self))
        #expect(record.gesture == .drag && record.phase == .ended && record.fingers == 2)
        #expect(record.direction == .down && record.dy == 38.9 && record.sequence == 3 && record.device == "Pad")
        #expect(record.environment.contains("TACTILE_DIRECTION=down"))
        #expect(record.environment.contains("TACTILE_DX=-0.40"))
    }

    @Test("lines that are not gesture events are refused", arguments: [
        "", "{", "not json", #"{"gesture":"fly","phase":"ended"}"#, #"{"gesture":"tap"}"#, #"{"gesture":"tap","phase":"ended",}"#,
    ])
    func refusesGarbage(line: String) {
        #expect(throws: GestureLineError.self) { try GestureRecord(jsonLine: line) }
    }

    @Test("numbers out of range are errors that name the field, never a trap", arguments: [
        (#"{"gesture":"tap","phase":"ended","seq":-1}"#, #""seq": expected a whole number from 0 to 9007199254740992, got -1"#),
        (#"{"gesture":"tap","phase":"ended","fingers":1e300}"#, #""fingers": expected a whole number from 0 to 10, got 1e300"#),
        (#"{"gesture":"tap","phase":"ended","time":1e400}"#, #""time": expected a finite number, got 1e400"#),
        (#"{"gesture":"tap","phase":"ended","count":2.5}"#, #""count": expected a whole number from 0 to 2147483647, got 2.5"#),
        (#"{"gesture":"long-press","phase":"changed","tick":nan}"#, #""tick": expected a whole number from 0 to 2147483647, got nan"#),
        (#"{"gesture":"rotate","phase":"changed","angle":-inf}"#, #""angle": expected a finite number, got -inf"#),
    ])
    func refusesNumbersOutOfRange(line: String, message: String) {
        #expect(throws: GestureLineError(message)) { try GestureRecord(jsonLine: line) }
    }
}
