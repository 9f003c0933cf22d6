import TactileCore
import TactileEvdev

/// Multitouch protocol B events for fingers moving in straight lines, one frame every 10 ms:
/// what a touchpad (or a touchscreen) sends for a swipe or a pinch, for devices whose
/// recordings hold neither.
enum SyntheticTouches {
    /// Each finger goes from `start` to `end` (device units) over `frames` frames.
    /// - Parameter toolButtons: send `BTN_TOOL_*` as touchpads do; touchscreens have none.
    static func events(fingers: [(start: (Int32, Int32), end: (Int32, Int32))], frames: Int,
                       toolButtons: Bool = true) -> [InputEvent] {
        var events: [InputEvent] = []
        let tools = [KeyCode.toolFinger, KeyCode.toolDoubleTap, KeyCode.toolTripleTap, KeyCode.toolQuadTap]
        let tool = tools[fingers.count - 1]
        for frame in 0...frames {
            let time = Instant(microseconds: Int64(frame) * 10_000)
            func add(_ type: UInt16, _ code: UInt16, _ value: Int32) {
                events.append(InputEvent(time: time, type: type, code: code, value: value))
            }
            for (slot, finger) in fingers.enumerated() {
                let progress = Double(frame) / Double(frames)
                let x = Int32(Double(finger.start.0) + Double(finger.end.0 - finger.start.0) * progress)
                let y = Int32(Double(finger.start.1) + Double(finger.end.1 - finger.start.1) * progress)
                add(EventType.abs, AbsCode.mtSlot, Int32(slot))
                if frame == 0 { add(EventType.abs, AbsCode.mtTrackingID, Int32(100 + slot)) }
                add(EventType.abs, AbsCode.mtPositionX, x)
                add(EventType.abs, AbsCode.mtPositionY, y)
                if slot == 0 {
                    add(EventType.abs, AbsCode.x, x)
                    add(EventType.abs, AbsCode.y, y)
                }
            }
            if frame == 0 {
                add(EventType.key, KeyCode.touch, 1)
                if toolButtons { add(EventType.key, tool, 1) }
            }
            add(EventType.syn, SynCode.report, 0)
        }
        let end = Instant(microseconds: Int64(frames + 1) * 10_000)
        for slot in fingers.indices {
            events.append(InputEvent(time: end, type: EventType.abs, code: AbsCode.mtSlot, value: Int32(slot)))
            events.append(InputEvent(time: end, type: EventType.abs, code: AbsCode.mtTrackingID, value: -1))
        }
        events.append(InputEvent(time: end, type: EventType.key, code: KeyCode.touch, value: 0))
        if toolButtons { events.append(InputEvent(time: end, type: EventType.key, code: tool, value: 0)) }
        events.append(InputEvent(time: end, type: EventType.syn, code: SynCode.report, value: 0))
        return events
    }
}
