import TactileCore

/// Plays bytes on a `CheckedEngine` as what a touch device and an event loop do: up to twelve
/// fingers (more than a frame holds) that land, move in small steps and lift; frames whose time
/// jumps ahead or goes back; the timer firing at the engine's deadline; resets and the end of input.
///
/// Time stays far below `Instant`'s limit (a start of at most 2^42 µs, 50 days of uptime, plus
/// at most 63 s per step): deadlines are computed by adding to the current time.
struct TouchScript {
    static let fingers = 12
    /// How many steps of one input may jump seconds ahead. Each is legitimate work — a long-press
    /// with a 10 ms interval held through a 63 s jump ticks 6,300 times — but an input of a few
    /// hundred such steps ran for over 10 s under AddressSanitizer and stopped a long fuzzing run
    /// as a timeout (an input that slow finds nothing the next fast one does not).
    static let longJumps = 3

    private var positions: [Point]
    private var time: Instant
    private var longJumpsLeft = TouchScript.longJumps

    private init(start: Instant) {
        positions = (0..<TouchScript.fingers).map { Point(x: 20 + 8 * Double($0), y: 40) }
        time = start
    }

    static func play(_ input: inout FuzzInput, on engine: inout CheckedEngine) {
        var script = TouchScript(start: Instant(microseconds: input.pick([0, 1_000_000_000, 1 << 42])))
        while !input.isExhausted {
            script.step(&input, on: &engine)
        }
        engine.endOfInput()
    }

    private mutating func step(_ input: inout FuzzInput, on engine: inout CheckedEngine) {
        switch input.byte() % 8 {
        case 0...3:
            time = time + interval(input.byte())
            engine.process(frame(&input))
        case 4:
            engine.advance(to: time + interval(input.byte()))
            time = max(time, engine.now)
        case 5:
            engine.advanceToNextDeadline()
            time = max(time, engine.now)
        case 6:
            time = time + interval(input.byte())
            engine.reset(at: time)
        default:
            engine.endOfInput()
        }
    }

    /// The fingers a 12-bit mask says are down, each moved by up to ±32 mm; sometimes with more
    /// fingers than positions (a touchpad's BTN_TOOL count) or a physical button held.
    private mutating func frame(_ input: inout FuzzInput) -> TouchFrame {
        let down = input.uint16()
        let flags = input.byte()
        var frame = TouchFrame(time: time)
        for finger in 0..<TouchScript.fingers where down & (1 << finger) != 0 {
            let dx = Double(Int8(bitPattern: input.byte())) / 4
            let dy = Double(Int8(bitPattern: input.byte())) / 4
            positions[finger] = positions[finger] + Point(x: dx, y: dy)
            frame.append(Contact(id: Int32(finger), x: positions[finger].x, y: positions[finger].y))
        }
        frame.fingerCount += Int(flags & 3)
        frame.isButtonPressed = flags & 4 != 0
        return frame
    }

    /// Mostly forward: up to 63 ms, up to 1 s in 16 ms steps, up to 63 s (`longJumps` times,
    /// then up to 1 s); or up to 63 ms back.
    private mutating func interval(_ byte: UInt8) -> Interval {
        let amount = Int64(byte & 63)
        switch byte >> 6 {
        case 0: return .milliseconds(amount)
        case 1: return .milliseconds(amount * 16)
        case 2 where longJumpsLeft > 0:
            longJumpsLeft -= 1
            return .milliseconds(amount * 1_000)
        case 2: return .milliseconds(amount * 16)
        default: return .milliseconds(-amount)
        }
    }
}
