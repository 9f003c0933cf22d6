import TactileCore
import TactilePicture

/// A replay built from frames written in the test: each frame goes through the default gesture
/// set on virtual time, as `Replayer` does with a recording (deadlines fire before the next
/// frame, the engine is told when input ends), and both frames and gestures go to a picture.
struct SyntheticReplay {
    private(set) var picture: ReplayPicture
    private(set) var gestures: [GestureEvent] = []
    private var engine: Engine<DefaultGestureSet>
    private var buffer = GestureEventBuffer()

    init(name: String = "Synthetic Touchscreen", width: Double = 200, height: Double = 120) {
        picture = ReplayPicture(title: "synthetic.evemu", devices: [
            ReplayPicture.Device(name: name, width: width, height: height, isSizeEstimated: false)
        ])
        var tuning = GestureTuning()
        tuning.surface = SurfaceSize(width: width, height: height)
        engine = Engine(DefaultGestures.make(tuning))
    }

    /// A frame at `milliseconds` with the given contacts (id, x mm, y mm); none means all lifted.
    mutating func frame(_ milliseconds: Int64, _ contacts: (id: Int32, x: Double, y: Double)...) {
        let time = Instant(microseconds: milliseconds * 1000)
        engine.advance(to: time, into: &buffer)
        flush()
        let frame = TouchFrame(time: time, contacts: contacts.map { Contact(id: $0.id, x: $0.x, y: $0.y) })
        picture.record(frame, device: 0)
        engine.process(frame, into: &buffer)
        flush()
    }

    /// One finger from `from` to `to` in `frames` steps of 10 ms, starting at `start`, then lifted.
    mutating func stroke(id: Int32, start: Int64, from: (Double, Double), to: (Double, Double), frames: Int) {
        for step in 0...frames {
            let progress = Double(step) / Double(frames)
            frame(start + Int64(step) * 10, (id, from.0 + (to.0 - from.0) * progress, from.1 + (to.1 - from.1) * progress))
        }
        frame(start + Int64(frames + 1) * 10)
    }

    mutating func tap(id: Int32, at milliseconds: Int64, x: Double, y: Double) {
        frame(milliseconds, (id, x, y))
        frame(milliseconds + 40)
    }

    /// Lets the last deadlines fire and ends what is still in progress.
    mutating func finish() {
        engine.endOfInput(into: &buffer)
        flush()
    }

    /// Gestures as the picture should show them: a tap each, a `began` for everything else.
    var recognizedGestureCount: Int {
        gestures.filter { $0.kind == .tap || $0.phase == .began }.count
    }

    private mutating func flush() {
        for index in 0..<buffer.count {
            gestures.append(buffer[index])
            picture.record(buffer[index], device: 0)
        }
        buffer.removeAll()
    }
}
