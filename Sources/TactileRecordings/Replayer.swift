import TactileCore
import TactileEvdev

/// Replays a recording on virtual time: every touch device gets a `DevicePipeline` with the
/// same gesture set, events are fed in time order across devices, and each pipeline's deadlines
/// fire at their own time before any later event — exactly what a live device would produce.
///
/// The events come from a `RecordingStream`, read as they are fed, so a replay holds no more
/// of the recording than the stream does. The per-event path is `@inlinable`: a replay of a
/// given gesture set is then specialized where it is called, with no generic metadata lookups
/// or witness-table calls between the stream, the pipeline and the sink.
public struct Replayer<Root: Gesture> {
    /// One replayed device: what it is and what its pipeline decided and noticed.
    public struct Device {
        public let index: Int
        public let description: DeviceDescription
        /// How big the pipeline decided the surface is, and how it is calibrated.
        public let geometry: DeviceGeometry
        /// Odd things the decoder worked around (time going backwards, too many contacts…).
        public let warnings: [DecoderWarning]
        public let warningCount: Int
    }

    /// One pipeline per touch device of the recording.
    @usableFromInline var pipelines: [DevicePipeline<Root>]
    @usableFromInline var input: RecordingStream
    /// The stream's device index → the replayed device's; -1 for devices that are not touch devices.
    @usableFromInline let replayedIndex: [Int]
    /// The next event to feed, read ahead so its time is known.
    @usableFromInline var pending: (device: Int, event: InputEvent)?
    /// Where the engines write; emptied after every step.
    @usableFromInline var output = GestureEventBuffer()
    /// The time `step` last advanced every device to, while no event since has reached an
    /// engine (nil once one has): advancing to it again would fire nothing.
    @usableFromInline var advancedWithoutInput: Instant?

    public var devices: [Device] {
        pipelines.indices.map { index in
            let pipeline = pipelines[index]
            return Device(index: index, description: pipeline.description, geometry: pipeline.geometry,
                          warnings: pipeline.warnings, warningCount: pipeline.warningCount)
        }
    }

    /// - Parameter setup: the settings and gestures of each touch device, as live input gets them.
    /// - Throws: what the stream meets reading its first event.
    public init(stream: RecordingStream, setup: (DeviceDescription) -> DeviceSetup<Root>) throws(RecordingError) {
        var pipelines: [DevicePipeline<Root>] = []
        var replayedIndex: [Int] = []
        for description in stream.devices {
            if description.isTouchDevice {
                replayedIndex.append(pipelines.count)
                pipelines.append(DevicePipeline(description: description, setup: setup(description)))
            } else {
                replayedIndex.append(-1)
            }
        }
        self.pipelines = pipelines
        self.replayedIndex = replayedIndex
        input = stream
        pending = try Self.nextReplayed(&input, replayedIndex)
    }

    /// A recording already in memory: reading its events cannot fail.
    public init(recording: Recording, setup: (DeviceDescription) -> DeviceSetup<Root>) {
        do {
            try self.init(stream: RecordingStream(recording: recording), setup: setup)
        } catch {
            preconditionFailure("events in memory cannot be malformed: \(error)")
        }
    }

    /// The next event of a touch device, with the replayed device's index.
    @inlinable
    static func nextReplayed(_ input: inout RecordingStream, _ replayedIndex: [Int]) throws(RecordingError)
        -> (device: Int, event: InputEvent)? {
        while let (device, event) = try input.next() {
            let index = replayedIndex[device]
            if index >= 0 { return (index, event) }
        }
        return nil
    }

    /// Feeds every event, then finishes.
    @inlinable
    public mutating func run<Sink: ReplaySink>(into sink: inout Sink) throws(RecordingError) {
        while try step(into: &sink) {}
        finish(into: &sink)
    }

    /// The time of the next event, on the recording's clock; nil once all were fed.
    public var nextEventTime: Instant? { pending?.event.time }

    /// The earliest pending deadline of any device.
    public var nextDeadline: Instant? {
        pipelines.reduce(nil) { earliest($0, $1.nextDeadline) }
    }

    /// Feeds the next event (after every deadline before it); false when none is left.
    /// - Throws: a malformed line the stream met reading the event after it.
    @inlinable
    public mutating func step<Sink: ReplaySink>(into sink: inout Sink) throws(RecordingError) -> Bool {
        guard let (index, event) = pending else { return false }
        // Deadlines of every device up to this moment fire first, so output stays in time order.
        // The other events of a frame share its time and reach no engine, so for them that visit
        // of every device would fire nothing: it is made once per moment.
        if event.time != advancedWithoutInput {
            advance(to: event.time, into: &sink)
            advancedWithoutInput = event.time
        }
        let step = pipelines[index].feed(event, into: &output)
        if step != .nothing { advancedWithoutInput = nil }
        if step == .frame {
            sink.frame(pipelines[index].lastFrame, device: index)
        }
        flush(device: index, into: &sink)
        pending = try Self.nextReplayed(&input, replayedIndex)
        return true
    }

    /// Fires every deadline at or before `time`, in every device.
    @inlinable
    public mutating func advance<Sink: ReplaySink>(to time: Instant, into sink: inout Sink) {
        for index in pipelines.indices {
            pipelines[index].advance(to: time, into: &output)
            flush(device: index, into: &sink)
        }
    }

    /// A new configuration for every device (a reload): gestures in flight end with `cancelled`
    /// at the time of the last event fed, then the new settings and gestures take over.
    public mutating func reconfigure<Sink: ReplaySink>(setup: (DeviceDescription) -> DeviceSetup<Root>,
                                                       into sink: inout Sink) {
        advancedWithoutInput = nil
        for index in pipelines.indices {
            let setup = setup(pipelines[index].description)
            pipelines[index].reconfigure(setup, at: pipelines[index].now, into: &output)
            flush(device: index, into: &sink)
        }
    }

    /// The recording is over (or the replay was stopped): what needs no finger fires, whatever
    /// is still in flight ends with `cancelled`.
    @inlinable
    public mutating func finish<Sink: ReplaySink>(into sink: inout Sink) {
        for index in pipelines.indices {
            pipelines[index].finish(into: &output)
            flush(device: index, into: &sink)
        }
    }

    @inlinable
    mutating func flush<Sink: ReplaySink>(device: Int, into sink: inout Sink) {
        guard !output.isEmpty else { return }
        for index in 0..<output.count { sink.gesture(output[index], device: device) }
        output.removeAll()
    }
}

extension Replayer where Root == DefaultGestureSet {
    /// The default gesture set on every touch device, tuned to what each can measure.
    /// - Parameter settings: the same for every device (a size, a calibration).
    public init(recording: Recording, settings: DeviceSettings = DeviceSettings()) {
        self.init(recording: recording, setup: { .defaultGestures(for: $0, settings: settings) })
    }

    public init(stream: RecordingStream, settings: DeviceSettings = DeviceSettings()) throws(RecordingError) {
        try self.init(stream: stream, setup: { .defaultGestures(for: $0, settings: settings) })
    }
}

/// Closures as a replay's sink, for replays of a `Recording` in memory, whose events cannot be
/// malformed; a streamed replay reports its file's errors through `run(into:)` and `step(into:)`.
extension Replayer {
    public mutating func run(
        frame onFrame: @escaping (_ device: Int, _ frame: borrowing TouchFrame) -> Void = { _, _ in },
        gesture onGesture: @escaping (_ device: Int, _ event: GestureEvent) -> Void
    ) {
        var sink = ClosureSink(onFrame: onFrame, onGesture: onGesture)
        while stepInMemory(into: &sink) {}
        finish(into: &sink)
    }

    public mutating func step(gesture onGesture: @escaping (_ device: Int, _ event: GestureEvent) -> Void) -> Bool {
        var sink = ClosureSink(onFrame: { _, _ in }, onGesture: onGesture)
        return stepInMemory(into: &sink)
    }

    private mutating func stepInMemory(into sink: inout ClosureSink) -> Bool {
        do {
            return try step(into: &sink)
        } catch {
            preconditionFailure("a streamed replay must be stepped with step(into:), which throws: \(error)")
        }
    }

    public mutating func advance(to time: Instant, gesture onGesture: @escaping (_ device: Int, _ event: GestureEvent) -> Void) {
        var sink = ClosureSink(onFrame: { _, _ in }, onGesture: onGesture)
        advance(to: time, into: &sink)
    }

    public mutating func reconfigure(setup: (DeviceDescription) -> DeviceSetup<Root>,
                                     gesture onGesture: @escaping (_ device: Int, _ event: GestureEvent) -> Void) {
        var sink = ClosureSink(onFrame: { _, _ in }, onGesture: onGesture)
        reconfigure(setup: setup, into: &sink)
    }

    public mutating func finish(gesture onGesture: @escaping (_ device: Int, _ event: GestureEvent) -> Void) {
        var sink = ClosureSink(onFrame: { _, _ in }, onGesture: onGesture)
        finish(into: &sink)
    }
}

/// Where a replay's frames and gestures go, in time order.
public protocol ReplaySink {
    /// Device `device` completed a frame.
    mutating func frame(_ frame: borrowing TouchFrame, device: Int)
    /// Device `device` recognized `event`.
    mutating func gesture(_ event: GestureEvent, device: Int)
}

/// Two closures as a sink.
public struct ClosureSink: ReplaySink {
    let onFrame: (_ device: Int, _ frame: borrowing TouchFrame) -> Void
    let onGesture: (_ device: Int, _ event: GestureEvent) -> Void

    public mutating func frame(_ frame: borrowing TouchFrame, device: Int) { onFrame(device, frame) }
    public mutating func gesture(_ event: GestureEvent, device: Int) { onGesture(device, event) }
}
