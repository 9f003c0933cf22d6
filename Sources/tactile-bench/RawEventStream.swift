import TactileCore
import TactileEvdev

/// The synthetic stream as the raw events a multitouch (protocol B) touchscreen would send for
/// it, at 10 units per mm: what `--pipeline` feeds through a `DevicePipeline`, decoder included.
struct RawEventStream {
    /// A touchscreen with ten slots, 0…4000 × 0…3000 units at 10 units/mm (400 × 300 mm).
    static let device: DeviceDescription = {
        let x = AbsInfo(minimum: 0, maximum: 4000, resolution: 10)
        let y = AbsInfo(minimum: 0, maximum: 3000, resolution: 10)
        return DeviceDescription(
            name: "tactile-bench touchscreen", properties: [InputProperty.direct],
            codes: [EventType.key: [KeyCode.touch],
                    EventType.abs: [AbsCode.mtSlot, AbsCode.mtTrackingID, AbsCode.mtPositionX, AbsCode.mtPositionY]],
            absInfo: [AbsCode.mtSlot: AbsInfo(minimum: 0, maximum: 9), AbsCode.mtTrackingID: AbsInfo(minimum: 0, maximum: 65535),
                      AbsCode.mtPositionX: x, AbsCode.mtPositionY: y])
    }()

    private(set) var events: [InputEvent] = []

    /// Each frame's contacts use the slot of their id; a contact new to a slot gets a new
    /// tracking id, one gone from it ends with -1.
    init(_ frames: [TouchFrame]) {
        var down = [Bool](repeating: false, count: 10)
        var present = down
        var trackingID: Int32 = 0
        events.reserveCapacity(frames.count * 8)
        for frame in frames {
            let time = frame.time
            func add(_ type: UInt16, _ code: UInt16, _ value: Int32) {
                events.append(InputEvent(time: time, type: type, code: code, value: value))
            }
            for slot in 0..<10 { present[slot] = false }
            for index in 0..<frame.count {
                let contact = frame[index]
                let slot = Int(contact.id)
                present[slot] = true
                add(EventType.abs, AbsCode.mtSlot, Int32(slot))
                if !down[slot] {
                    add(EventType.abs, AbsCode.mtTrackingID, trackingID)
                    trackingID = (trackingID + 1) % 65536
                }
                add(EventType.abs, AbsCode.mtPositionX, Int32((contact.x * 10).rounded()))
                add(EventType.abs, AbsCode.mtPositionY, Int32((contact.y * 10).rounded()))
            }
            for slot in 0..<10 where down[slot] && !present[slot] {
                add(EventType.abs, AbsCode.mtSlot, Int32(slot))
                add(EventType.abs, AbsCode.mtTrackingID, -1)
            }
            if down.contains(true) != present.contains(true) { add(EventType.key, KeyCode.touch, present.contains(true) ? 1 : 0) }
            add(EventType.syn, SynCode.report, 0)
            swap(&down, &present)
        }
    }
}
