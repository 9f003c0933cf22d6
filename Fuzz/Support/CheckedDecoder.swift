import TactileCore
import TactileEvdev

/// An `EvdevDecoder` that traps when it returns what no device could mean: more contacts than
/// a frame holds, fewer fingers than contacts, one contact id twice in a frame, a position that
/// is not a finite number, or time running backwards (the decoder promises to clamp it).
struct CheckedDecoder {
    private var decoder: EvdevDecoder
    private var lastTime: Instant?

    init(device: DeviceDescription, geometry: DeviceGeometry) {
        decoder = EvdevDecoder(device: device, geometry: geometry)
    }

    /// Decodes every event of a parsed recording's device: the parsers' output is the decoder's input.
    static func decodeAll(_ events: [InputEvent], of device: DeviceDescription) {
        var checked = CheckedDecoder(device: device, geometry: DeviceGeometry(description: device))
        for event in events { _ = checked.decode(event) }
    }

    mutating func decode(_ event: InputEvent) -> DecodedFrame? {
        let output = decoder.decode(event)
        switch output {
        case .frame(let frame)?:
            check(frame)
        case .dropped(let time)?:
            checkTime(time)
        case nil:
            break
        }
        invariant(decoder.warnings.count <= min(decoder.warningCount, EvdevDecoder.storedWarningLimit),
                  "\(decoder.warnings.count) warnings stored of \(decoder.warningCount)")
        return output
    }

    private mutating func check(_ frame: TouchFrame) {
        checkTime(frame.time)
        invariant(frame.count <= TouchFrame.capacity, "a frame holds \(frame.count) contacts")
        invariant(frame.fingerCount >= frame.count, "\(frame.fingerCount) fingers for \(frame.count) contacts")
        for index in 0..<frame.count {
            let contact = frame[index]
            invariant(contact.x.isFinite && contact.y.isFinite, "contact at (\(contact.x), \(contact.y))")
            for other in 0..<index {
                invariant(frame[other].id != contact.id, "contact id \(contact.id) twice in one frame")
            }
        }
    }

    private mutating func checkTime(_ time: Instant) {
        if let lastTime { invariant(time >= lastTime, "decoded time went from \(lastTime) back to \(time)") }
        lastTime = time
    }
}
