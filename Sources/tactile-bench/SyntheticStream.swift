import TactileCore

/// A deterministic stream of realistic frames at 100 Hz: taps, double taps, long-presses, drags
/// and pinches with 1–5 fingers, with a little sensor jitter, in rounds of each of the 25 with
/// every finger lifted at the end. Built before timing starts.
struct SyntheticStream {
    private(set) var frames: [TouchFrame] = []
    private var time = Instant(microseconds: 1_000_000)
    private var random = SplitMix64(seed: 0x7AC7_11E)
    /// 100 Hz, the report rate of most touchpads and touchscreens.
    private let frameInterval = Interval.milliseconds(10)

    /// `rounds` rounds of the 25 gestures, 800 frames each.
    init(rounds: Int) {
        for kind in 0..<(rounds * 25) {
            let fingers = 1 + kind / 5 % 5
            switch kind % 5 {
            case 0: tap(fingers: fingers)
            case 1: tap(fingers: fingers); tap(fingers: fingers)
            case 2: hold(fingers: fingers, frames: 80)
            case 3: drag(fingers: fingers, step: Point(x: 0, y: 1.5), frames: 30)
            default: pinch(fingers: max(2, fingers), frames: 30)
            }
            lift(pause: .milliseconds(400))
        }
    }

    /// The stream as a lap: the next lap starts where a next gesture would have.
    var lap: Lap<TouchFrame> { Lap(frames, duration: time - frames[0].time) }

    private mutating func tap(fingers: Int) {
        for _ in 0..<4 { emit(fingers: fingers, offset: .zero, spread: 1) }
        lift(pause: .milliseconds(100))
    }

    private mutating func hold(fingers: Int, frames count: Int) {
        for _ in 0..<count { emit(fingers: fingers, offset: .zero, spread: 1) }
    }

    private mutating func drag(fingers: Int, step: Point, frames count: Int) {
        for index in 0..<count {
            emit(fingers: fingers, offset: Point(x: step.x * Double(index), y: step.y * Double(index)), spread: 1)
        }
    }

    private mutating func pinch(fingers: Int, frames count: Int) {
        for index in 0..<count { emit(fingers: fingers, offset: .zero, spread: 1 + Double(index) * 0.03) }
    }

    /// One frame: `fingers` contacts around (40, 30) mm, 15 mm apart times `spread`.
    private mutating func emit(fingers: Int, offset: Point, spread: Double) {
        var frame = TouchFrame(time: time)
        for finger in 0..<fingers {
            let x = 40 + offset.x + Double(finger) * 15 * spread + jitter()
            let y = 30 + offset.y + Double(finger % 2) * 5 * spread + jitter()
            frame.append(Contact(id: Int32(finger), x: x, y: y))
        }
        frames.append(frame)
        time = time + frameInterval
    }

    private mutating func lift(pause: Interval) {
        frames.append(TouchFrame(time: time))
        time = time + pause
    }

    /// ±0.1 mm of sensor noise.
    private mutating func jitter() -> Double { Double(random.next() % 2001) / 10_000 - 0.1 }
}

/// A tiny deterministic generator (SplitMix64), so every run sees the same stream.
struct SplitMix64 {
    private var state: UInt64
    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
