import TactileRecordings

/// Writes an evemu recording of a multitouch (protocol B) touchscreen, 100 × 100 mm at 10 units
/// per mm, with `slots` slots: faults are easiest to stage as the text a device would have sent.
struct EvemuText {
    private(set) var text: String

    init(slots: Int) {
        text = """
            N: fault test touchscreen
            I: 0003 0001 0002 0003
            P: 02 00 00 00 00 00 00 00
            B: 03 00 00 00 00 00 80 60 02
            A: 2f 0 \(slots - 1) 0 0 0
            A: 35 0 1000 0 0 10
            A: 36 0 1000 0 0 10
            A: 39 0 65535 0 0 0

            """
    }

    /// A finger lands in `slot` at (x, y) mm.
    mutating func down(_ milliseconds: Int, slot: Int, _ x: Int, _ y: Int) {
        abs(milliseconds, 0x2f, slot)
        abs(milliseconds, 0x39, 100 + slot)
        move(milliseconds, slot: slot, x, y)
    }

    mutating func move(_ milliseconds: Int, slot: Int, _ x: Int, _ y: Int) {
        abs(milliseconds, 0x2f, slot)
        abs(milliseconds, 0x35, x * 10)
        abs(milliseconds, 0x36, y * 10)
    }

    mutating func up(_ milliseconds: Int, slot: Int) {
        abs(milliseconds, 0x2f, slot)
        abs(milliseconds, 0x39, -1)
    }

    mutating func report(_ milliseconds: Int) { event(milliseconds, 0, 0, 0) }

    mutating func dropped(_ milliseconds: Int) { event(milliseconds, 0, 3, 0) }

    private mutating func abs(_ milliseconds: Int, _ code: Int, _ value: Int) { event(milliseconds, 3, code, value) }

    private mutating func event(_ milliseconds: Int, _ type: Int, _ code: Int, _ value: Int) {
        let microseconds = padded(milliseconds % 1000 * 1000, 6, radix: 10)
        text += "E: \(milliseconds / 1000).\(microseconds) \(padded(type, 4, radix: 16)) \(padded(code, 4, radix: 16)) \(value)\n"
    }

    private func padded(_ value: Int, _ width: Int, radix: Int) -> String {
        let digits = String(value, radix: radix)
        return String(repeating: "0", count: max(width - digits.count, 0)) + digits
    }

    /// Replays the text through the default gestures as `tactile replay` does: each gesture
    /// event as `kind.phase #sequence fN @ms` (`changed` left out), and the decoder's warnings.
    func replay() throws -> (events: [String], times: [Int64], warnings: Int) {
        let recording = try RecordingLoader.load(text: text, file: "fault.evemu")
        var replayer = Replayer(recording: recording)
        var events: [String] = []
        var times: [Int64] = []
        replayer.run(gesture: { _, event in
            times.append(event.time.microseconds)
            guard event.phase != .changed else { return }
            events.append("\(event.kind.rawValue).\(event.phase.rawValue) #\(event.sequence) f\(event.fingers) "
                + "@\(event.time.microseconds / 1000)")
        })
        return (events, times, replayer.devices.map(\.warningCount).reduce(0, +))
    }
}
