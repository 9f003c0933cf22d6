import TactileCore
import Testing
@testable import TactileProtocol

@Suite("JSON Lines and gesture records")
struct GestureRecordTests {
    func dragEnded() -> GestureEvent {
        var event = GestureEvent(time: Instant(microseconds: 12_345_678), phase: .ended, fingers: 2,
                                 location: Point(x: 101.234, y: -0.001),
                                 payload: .drag(translation: Point(x: -0.4, y: 38.9),
                                                velocity: Point(x: 0.06, y: 210.34), direction: .down))
        event.sequence = 3
        return event
    }

    func line(_ record: GestureRecord, device: String = "Pad") -> String {
        var bytes: [UInt8] = []
        JSONLinesEncoder(deviceName: device, surface: record.surface).encode(record, into: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    @Test("a drag's line follows the output contract, with fixed decimals and no negative zero")
    func encodesDrag() {
        var bytes: [UInt8] = []
        JSONLinesEncoder(deviceName: "Pad \"1\"", surface: .touchpad).encode(dragEnded(), into: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == """
            {"time":12.345678,"seq":3,"device":"Pad \\"1\\"","surface":"touchpad","gesture":"drag","phase":"ended","fingers":2,\
            "x":101.23,"y":0.00,"dx":-0.40,"dy":38.90,"vx":0.1,"vy":210.3,"direction":"down"}

            """)
    }

    static let payloads: [GestureEvent.Payload] = [
        .tap(count: 2),
        .longPress(tick: 7, elapsed: Interval(microseconds: 1_234_567)),
        .drag(translation: Point(x: 12.5, y: -3.25), velocity: Point(x: 80.4, y: -1.5), direction: .right),
        .drag(translation: Point(x: 1, y: 1), velocity: .zero, direction: nil),
        .magnify(magnification: 1.375),
        .rotate(rotation: .degrees(-42.5)),
        .edgeSwipe(edge: .left, translation: Point(x: 30, y: 2), velocity: Point(x: 150, y: 4), direction: .right),
        .circle(sweep: .degrees(-365.5)),
    ]

    @Test("the payloads above are of every kind")
    func payloadsOfEveryKind() {
        #expect(Set(Self.payloads.map(\.kind)) == Set(GestureKind.allCases))
    }

    static let passThroughKinds = PassThroughGesture.Kind.allCases

    static let phases: [GesturePhase] = [.began, .changed, .ended, .cancelled]

    @Test("every payload kind in every phase reads back to the line it was written as",
          arguments: payloads, phases)
    func roundTripsEngineEvents(payload: GestureEvent.Payload, phase: GesturePhase) throws {
        var event = GestureEvent(time: Instant(microseconds: 987_654_321), phase: phase, fingers: 3,
                                 location: Point(x: 40.125, y: 7.5), payload: payload)
        event.sequence = 41
        let written = line(GestureRecord(event, device: "Pad"))
        let record = try GestureRecord(jsonLine: written.dropLast())
        #expect(line(record) == written)
        #expect(record.gesture == GestureName.recognized(payload.kind) && record.phase == phase && record.sequence == 41)
        #expect(record.device == "Pad" && record.fingers == 3 && record.timeMicroseconds == 987_654_321)
    }

    @Test("libinput's gestures read back too, marked with their source, in their own sequence range",
          arguments: passThroughKinds, phases)
    func roundTripsPassThrough(kind: PassThroughGesture.Kind, phase: GesturePhase) throws {
        let gesture = PassThroughGesture(time: Instant(microseconds: 5_000_000), sequence: PassThroughGesture.firstSequence,
                                         kind: kind, phase: phase, fingers: 3, location: Point(x: 30, y: 20),
                                         translation: Point(x: 0, y: 25), velocity: Point(x: 0, y: 100),
                                         direction: phase == .ended ? .down : nil, scale: 0.75, angleDegrees: 10)
        let written = line(GestureRecord(gesture, device: "Pad"))
        #expect(written.contains(#""source":"libinput""#))
        #expect(written.contains(#""seq":1099511627776,"#))
        let record = try GestureRecord(jsonLine: written.dropLast())
        #expect(line(record) == written)
    }

    @Test("each gesture's line carries exactly the fields the table says, and its environment the same")
    func fieldsFollowTheTable() throws {
        let tap = GestureRecord(GestureEvent(time: Instant(microseconds: 0), phase: .ended, fingers: 1,
                                             location: .zero, payload: .tap(count: 1)), device: "Pad", surface: .touchscreen)
        #expect(line(tap) == #"{"time":0.000000,"seq":0,"device":"Pad","surface":"touchscreen","gesture":"tap","phase":"ended","fingers":1,"x":0.00,"y":0.00,"count":1}"# + "\n")
        #expect(tap.environment == ["TACTILE_TIME=0.000000", "TACTILE_SEQ=0", "TACTILE_DEVICE=Pad", "TACTILE_SURFACE=touchscreen",
                                    "TACTILE_GESTURE=tap",
                                    "TACTILE_PHASE=ended", "TACTILE_FINGERS=1", "TACTILE_X=0.00", "TACTILE_Y=0.00",
                                    "TACTILE_COUNT=1"])
        let drag = GestureRecord(dragEnded(), device: "Pad")
        #expect(drag.environment.contains("TACTILE_DIRECTION=down"))
        #expect(drag.environment.contains("TACTILE_DX=-0.40"))
        #expect(!drag.environment.contains { $0.hasPrefix("TACTILE_SCALE=") })
        var changed = drag
        changed.phase = .changed
        #expect(!line(changed).contains("direction"))
    }

    @Test("lines that are not gesture events are refused", arguments: [
        "", "{", "not json", #"{"gesture":"fly","phase":"ended"}"#, #"{"gesture":"tap"}"#, #"{"gesture":"tap","phase":"ended",}"#,
    ])
    func refusesGarbage(line: String) {
        #expect(throws: StreamLineError.self) { try GestureRecord(jsonLine: line) }
    }

    @Test("numbers outside their field's range are an error naming the field, never a trap", arguments: [
        (#"{"gesture":"tap","phase":"ended","seq":-1}"#, "seq"),
        (#"{"gesture":"tap","phase":"ended","seq":1.5}"#, "seq"),
        (#"{"gesture":"tap","phase":"ended","fingers":1e300}"#, "fingers"),
        (#"{"gesture":"tap","phase":"ended","time":1e400}"#, "time"),
        (#"{"gesture":"tap","phase":"ended","count":99999999999}"#, "count"),
        (#"{"gesture":"long-press","phase":"changed","elapsed":-1e30}"#, "elapsed"),
        (#"{"gesture":"drag","phase":"ended","direction":"north"}"#, "direction"),
        (#"{"gesture":"drag","phase":"ended","dx":"far"}"#, "dx"),
    ])
    func refusesOutOfRange(line: String, field: String) {
        do {
            _ = try GestureRecord(jsonLine: line)
            Issue.record("accepted \(line)")
        } catch {
            #expect(error.description.hasPrefix("\"\(field)\""))
        }
    }

    @Test("an edge swipe's line read without its edge writes back as null and reads back the same (found by the listen fuzzer)")
    func edgeSwipeWithoutEdge() throws {
        let line = #"{"gesture":"edge-swipe","phase":"changed","fingers":1,"dx":1.00}"#
        let record = try GestureRecord(jsonLine: line)
        #expect(record.edge == nil)
        let written = self.line(record)
        #expect(written.contains(#""edge":null"#))
        #expect(self.line(try GestureRecord(jsonLine: written.dropLast())) == written)
    }

    @Test("a time past 2^32 seconds, where not every microsecond has a Double, reads to its microsecond (found by the listen fuzzer)",
          arguments: [("4391613363.474055", 4_391_613_363_474_055), ("4391613363.474056", 4_391_613_363_474_056),
                      ("-4391613363.474056", -4_391_613_363_474_056), ("9007199254.740991", 9_007_199_254_740_991),
                      ("1.0000005", 1_000_001), ("12", 12_000_000)] as [(String, Int64)])
    func timeReadExactly(_ time: String, microseconds: Int64) throws {
        let line = #"{"time":"# + time + #","gesture":"tap","phase":"ended","fingers":1,"count":1}"#
        let record = try GestureRecord(jsonLine: line)
        #expect(record.timeMicroseconds == microseconds)
        #expect(self.line(try GestureRecord(jsonLine: self.line(record).dropLast())) == self.line(record))
    }
}

/// A declared gesture's name on the stream: the last field, escaped, read back, and in the environment.
@Suite("Declared gestures' names on the stream")
struct GestureNameOnTheStreamTests {
    static func event(label: UInt16) -> GestureEvent {
        var event = GestureEvent(time: Instant(microseconds: 1_500_000), phase: .ended, fingers: 1,
                                 location: Point(x: 1, y: 2), payload: .tap(count: 1))
        event.label = label
        return event
    }

    @Test("a labelled event carries its gesture's name last; an unlabelled one none")
    func nameIsLast() {
        let encoder = JSONLinesEncoder(deviceName: "pad", surface: nil, gestureNames: ["first", "say \"hi\""])
        var bytes: [UInt8] = []
        encoder.encode(Self.event(label: 1), into: &bytes)
        encoder.encode(Self.event(label: 2), into: &bytes)
        encoder.encode(Self.event(label: 0), into: &bytes)
        encoder.encode(Self.event(label: 9), into: &bytes)
        let lines = String(decoding: bytes, as: UTF8.self).split(separator: "\n")
        #expect(lines[0].hasSuffix(#""count":1,"name":"first"}"#))
        #expect(lines[1].hasSuffix(#""name":"say \"hi\""}"#))
        #expect(!lines[2].contains("name") && !lines[3].contains("name"))
    }

    @Test("the name reads back, goes to TACTILE_NAME, and a name that is not a string is an error")
    func nameReadsBack() throws {
        let record = try GestureRecord(jsonLine: #"{"time":1.0,"seq":1,"device":"pad","gesture":"tap","phase":"ended","fingers":1,"x":1.00,"y":2.00,"count":1,"name":"first"}"#)
        #expect(record.name == "first")
        #expect(record.environment.contains("TACTILE_NAME=first"))
        #expect(throws: StreamLineError.self) {
            try GestureRecord(jsonLine: #"{"gesture":"tap","phase":"ended","name":3}"#)
        }
    }
}
