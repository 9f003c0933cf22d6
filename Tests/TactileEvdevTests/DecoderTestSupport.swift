import TactileCore
import TactileEvdev

/// A contact as the tests expect it: id and millimetres.
struct ExpectedContact: Equatable, Sendable, CustomStringConvertible {
    var id: Int32
    var x: Double
    var y: Double

    var description: String { "#\(id)@(\(x), \(y))" }
}

/// What the decoder should return for one SYN event.
enum ExpectedOutput: Equatable, Sendable {
    case frame([ExpectedContact], fingers: Int)
    case dropped(microseconds: Int64)
}

func event(_ microseconds: Int64, _ type: UInt16, _ code: UInt16, _ value: Int32) -> InputEvent {
    InputEvent(time: Instant(microseconds: microseconds), type: type, code: code, value: value)
}

func syn(_ microseconds: Int64, _ code: UInt16 = SynCode.report) -> InputEvent {
    event(microseconds, EventType.syn, code, 0)
}

func abs(_ microseconds: Int64, _ code: UInt16, _ value: Int32) -> InputEvent {
    event(microseconds, EventType.abs, code, value)
}

func key(_ microseconds: Int64, _ code: UInt16, _ value: Int32) -> InputEvent {
    event(microseconds, EventType.key, code, value)
}

/// Runs `events` through a fresh decoder; returns its outputs and the decoder.
func decodeAll(_ events: [InputEvent], device: DeviceDescription) -> ([ExpectedOutput], EvdevDecoder) {
    var decoder = EvdevDecoder(device: device, geometry: DeviceGeometry(description: device))
    var outputs: [ExpectedOutput] = []
    for input in events {
        switch decoder.decode(input) {
        case .frame(let frame)?:
            let contacts = (0..<frame.count).map { ExpectedContact(id: frame[$0].id, x: frame[$0].x, y: frame[$0].y) }
            outputs.append(.frame(contacts, fingers: frame.fingerCount))
        case .dropped(let time)?:
            outputs.append(.dropped(microseconds: time.microseconds))
        case nil:
            break
        }
    }
    return (outputs, decoder)
}

/// Test devices: 10 units per mm on both axes, so raw 250 is 25 mm.
enum TestDevices {
    static let axis = AbsInfo(minimum: 0, maximum: 2000, resolution: 10)

    static func protocolB(slots: Int32, properties: Set<UInt16> = [InputProperty.direct],
                          tools: Set<UInt16> = []) -> DeviceDescription {
        DeviceDescription(
            name: "test protocol B",
            properties: properties,
            codes: [
                EventType.key: Set([KeyCode.touch]).union(tools),
                EventType.abs: [AbsCode.x, AbsCode.y, AbsCode.mtSlot, AbsCode.mtPositionX, AbsCode.mtPositionY,
                                AbsCode.mtTrackingID],
            ],
            absInfo: [
                AbsCode.x: axis, AbsCode.y: axis, AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis,
                AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: slots - 1),
                AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
            ]
        )
    }

    static let protocolA = DeviceDescription(
        name: "test protocol A",
        properties: [InputProperty.direct],
        codes: [EventType.abs: [AbsCode.mtPositionX, AbsCode.mtPositionY]],
        absInfo: [AbsCode.mtPositionX: axis, AbsCode.mtPositionY: axis]
    )

    static let singleTouchPad = DeviceDescription(
        name: "test single-touch pad",
        properties: [InputProperty.pointer],
        codes: [
            EventType.key: [KeyCode.touch, KeyCode.toolFinger, KeyCode.toolDoubleTap],
            EventType.abs: [AbsCode.x, AbsCode.y],
        ],
        absInfo: [AbsCode.x: axis, AbsCode.y: axis]
    )

    static let semiMT = protocolB(
        slots: 2, properties: [InputProperty.pointer, InputProperty.semiMT],
        tools: [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap]
    )
}
