import Testing
import TactileCore
import TactileEvdev

/// One synthetic event stream and the frames it must decode to.
struct DecoderCase: CustomTestStringConvertible, Sendable {
    var name: String
    var device: DeviceDescription
    var events: [InputEvent]
    var expected: [ExpectedOutput]
    /// How many warnings the stream must cause.
    var warnings = 0

    var testDescription: String { name }
}

private func c(_ id: Int32, _ x: Double, _ y: Double) -> ExpectedContact { ExpectedContact(id: id, x: x, y: y) }

let decoderCases: [DecoderCase] = [
    DecoderCase(
        name: "protocol B: two fingers down, one moves, both lift",
        device: TestDevices.protocolB(slots: 2),
        events: [
            abs(0, AbsCode.mtTrackingID, 5), abs(0, AbsCode.mtPositionX, 100), abs(0, AbsCode.mtPositionY, 200),
            key(0, KeyCode.touch, 1), syn(0),
            abs(10, AbsCode.mtSlot, 1), abs(10, AbsCode.mtTrackingID, 6),
            abs(10, AbsCode.mtPositionX, 300), abs(10, AbsCode.mtPositionY, 400), syn(10),
            abs(20, AbsCode.mtSlot, 0), abs(20, AbsCode.mtPositionX, 150), syn(20),
            abs(30, AbsCode.mtTrackingID, -1), syn(30),
            abs(40, AbsCode.mtSlot, 1), abs(40, AbsCode.mtTrackingID, -1), key(40, KeyCode.touch, 0), syn(40),
        ],
        expected: [
            .frame([c(0, 10, 20)], fingers: 1),
            .frame([c(0, 10, 20), c(1, 30, 40)], fingers: 2),
            .frame([c(0, 15, 20), c(1, 30, 40)], fingers: 2),
            .frame([c(1, 30, 40)], fingers: 1),
            .frame([], fingers: 0),
        ]
    ),
    DecoderCase(
        name: "protocol B: a reused or replaced tracking id is a new contact",
        device: TestDevices.protocolB(slots: 2),
        events: [
            abs(0, AbsCode.mtTrackingID, 7), abs(0, AbsCode.mtPositionX, 100), abs(0, AbsCode.mtPositionY, 100), syn(0),
            abs(10, AbsCode.mtTrackingID, -1), syn(10),
            abs(20, AbsCode.mtTrackingID, 7), syn(20),
            abs(30, AbsCode.mtTrackingID, 7), syn(30),
            abs(40, AbsCode.mtTrackingID, 8), syn(40),
        ],
        expected: [
            .frame([c(0, 10, 10)], fingers: 1),
            .frame([], fingers: 0),
            .frame([c(1, 10, 10)], fingers: 1),
            .frame([c(1, 10, 10)], fingers: 1),
            .frame([c(2, 10, 10)], fingers: 1),
        ]
    ),
    DecoderCase(
        name: "protocol A: contacts keep their ids whatever order they are listed in",
        device: TestDevices.protocolA,
        events: [
            abs(0, AbsCode.mtPositionX, 100), abs(0, AbsCode.mtPositionY, 100), syn(0, SynCode.mtReport),
            abs(0, AbsCode.mtPositionX, 500), abs(0, AbsCode.mtPositionY, 400), syn(0, SynCode.mtReport), syn(0),
            abs(10, AbsCode.mtPositionX, 510), abs(10, AbsCode.mtPositionY, 400), syn(10, SynCode.mtReport),
            abs(10, AbsCode.mtPositionX, 110), abs(10, AbsCode.mtPositionY, 100), syn(10, SynCode.mtReport), syn(10),
            abs(20, AbsCode.mtPositionX, 520), abs(20, AbsCode.mtPositionY, 400), syn(20, SynCode.mtReport), syn(20),
            syn(30, SynCode.mtReport), syn(30),
            abs(40, AbsCode.mtPositionX, 520), abs(40, AbsCode.mtPositionY, 400), syn(40, SynCode.mtReport), syn(40),
        ],
        expected: [
            .frame([c(0, 10, 10), c(1, 50, 40)], fingers: 2),
            .frame([c(1, 51, 40), c(0, 11, 10)], fingers: 2),
            .frame([c(1, 52, 40)], fingers: 1),
            .frame([], fingers: 0),
            .frame([c(2, 52, 40)], fingers: 1),
        ]
    ),
    DecoderCase(
        name: "single touch: BTN_TOOL_DOUBLETAP counts two fingers over one position",
        device: TestDevices.singleTouchPad,
        events: [
            key(0, KeyCode.touch, 1), key(0, KeyCode.toolFinger, 1), syn(0),
            abs(10, AbsCode.x, 200), abs(10, AbsCode.y, 300), syn(10),
            key(20, KeyCode.toolFinger, 0), key(20, KeyCode.toolDoubleTap, 1), abs(20, AbsCode.x, 220), syn(20),
            key(30, KeyCode.touch, 0), key(30, KeyCode.toolDoubleTap, 0), syn(30),
        ],
        expected: [
            .frame([], fingers: 1),
            .frame([c(0, 20, 30)], fingers: 1),
            .frame([c(0, 22, 30)], fingers: 2),
            .frame([], fingers: 0),
        ]
    ),
    DecoderCase(
        name: "semi-MT: both bounding-box corners, finger count from BTN_TOOL, new corners when it changes",
        device: TestDevices.semiMT,
        events: [
            abs(0, AbsCode.mtTrackingID, 1), abs(0, AbsCode.mtPositionX, 100), abs(0, AbsCode.mtPositionY, 100),
            key(0, KeyCode.touch, 1), key(0, KeyCode.toolFinger, 1), syn(0),
            abs(10, AbsCode.mtSlot, 1), abs(10, AbsCode.mtTrackingID, 2),
            abs(10, AbsCode.mtPositionX, 300), abs(10, AbsCode.mtPositionY, 200),
            key(10, KeyCode.toolFinger, 0), key(10, KeyCode.toolTripleTap, 1), syn(10),
        ],
        expected: [
            .frame([c(0, 10, 10)], fingers: 1),
            .frame([c(2, 10, 10), c(3, 30, 20)], fingers: 3),
        ]
    ),
    DecoderCase(
        name: "SYN_DROPPED: reported, events discarded up to SYN_REPORT, contact comes back with a new id",
        device: TestDevices.protocolB(slots: 2),
        events: [
            abs(0, AbsCode.mtTrackingID, 1), abs(0, AbsCode.mtPositionX, 100), abs(0, AbsCode.mtPositionY, 100), syn(0),
            syn(10, SynCode.dropped),
            abs(10, AbsCode.mtPositionX, 900), syn(20),
            abs(30, AbsCode.mtPositionX, 250), syn(30),
        ],
        expected: [
            .frame([c(0, 10, 10)], fingers: 1),
            .dropped(microseconds: 10),
            .frame([c(1, 25, 10)], fingers: 1),
        ],
        warnings: 1
    ),
    DecoderCase(
        name: "a slot outside the declared range is ignored with a warning",
        device: TestDevices.protocolB(slots: 2),
        events: [
            abs(0, AbsCode.mtSlot, 5), abs(0, AbsCode.mtTrackingID, 9),
            abs(0, AbsCode.mtPositionX, 100), abs(0, AbsCode.mtPositionY, 100), syn(0),
            abs(10, AbsCode.mtSlot, 1), abs(10, AbsCode.mtTrackingID, 3),
            abs(10, AbsCode.mtPositionX, 100), abs(10, AbsCode.mtPositionY, 100), syn(10),
        ],
        expected: [
            .frame([], fingers: 0),
            .frame([c(0, 10, 10)], fingers: 1),
        ],
        warnings: 1
    ),
    DecoderCase(
        name: "time going backwards is clamped to the previous event",
        device: TestDevices.protocolB(slots: 2),
        events: [
            abs(1_000, AbsCode.mtTrackingID, 1), abs(1_000, AbsCode.mtPositionX, 100),
            abs(1_000, AbsCode.mtPositionY, 100), syn(900),
            abs(2_000, AbsCode.mtPositionX, 120), syn(2_000),
        ],
        expected: [
            .frame([c(0, 10, 10)], fingers: 1),
            .frame([c(0, 12, 10)], fingers: 1),
        ],
        warnings: 1
    ),
    DecoderCase(
        name: "eleven fingers: the frame keeps ten, the finger count says eleven",
        device: TestDevices.protocolB(slots: 16),
        events: (0..<11).flatMap { slot -> [InputEvent] in
            [abs(0, AbsCode.mtSlot, Int32(slot)), abs(0, AbsCode.mtTrackingID, Int32(slot)),
             abs(0, AbsCode.mtPositionX, Int32(slot) * 10), abs(0, AbsCode.mtPositionY, 0)]
        } + [syn(0)],
        expected: [.frame((0..<10).map { c(Int32($0), Double($0), 0) }, fingers: 11)],
        warnings: 1
    ),
    DecoderCase(
        name: "a stream starting mid-touch: the moving slot becomes a contact",
        device: TestDevices.protocolB(slots: 2),
        events: [
            abs(0, AbsCode.mtPositionX, 100), abs(0, AbsCode.mtPositionY, 100), syn(0),
            abs(10, AbsCode.mtTrackingID, -1), syn(10),
        ],
        expected: [
            .frame([c(0, 10, 10)], fingers: 1),
            .frame([], fingers: 0),
        ],
        warnings: 1
    ),
]

@Suite struct EvdevDecoderTests {
    @Test(arguments: decoderCases)
    func decodes(_ testCase: DecoderCase) {
        let (outputs, decoder) = decodeAll(testCase.events, device: testCase.device)
        #expect(outputs == testCase.expected)
        #expect(decoder.warningCount == testCase.warnings, "\(decoder.warnings)")
        #expect(decoder.warnings.count == testCase.warnings)
    }

    @Test func backwardsTimeFramesCarryTheClampedTime() {
        var decoder = EvdevDecoder(device: TestDevices.protocolA, geometry: DeviceGeometry(description: TestDevices.protocolA))
        _ = decoder.decode(abs(1_000, AbsCode.mtPositionX, 1))
        guard case .frame(let frame)? = decoder.decode(syn(500)) else {
            Issue.record("expected a frame")
            return
        }
        #expect(frame.time == Instant(microseconds: 1_000))
        #expect(decoder.warnings.first?.message.contains("backwards by 500 µs") == true)
    }

    @Test func storedWarningsAreCappedButAllAreCounted() {
        var decoder = EvdevDecoder(device: TestDevices.protocolB(slots: 2),
                                   geometry: DeviceGeometry(description: TestDevices.protocolB(slots: 2)))
        for index in 0..<100 { _ = decoder.decode(abs(Int64(index), AbsCode.mtSlot, 40)) }
        #expect(decoder.warningCount == 100)
        #expect(decoder.warnings.count == EvdevDecoder.storedWarningLimit)
    }

    @Test func eventsBeforeAnySynAndUnknownTypesAreHarmless() {
        let events = [event(0, 0x15, 3, 1), key(0, KeyCode.touch, 1), syn(0, SynCode.mtReport), syn(0, SynCode.config)]
        let (outputs, decoder) = decodeAll(events, device: TestDevices.singleTouchPad)
        #expect(outputs.isEmpty)
        #expect(decoder.warningCount == 0)
    }
}
