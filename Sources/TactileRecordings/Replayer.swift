import TactileCore
import TactileEvdev

/// Replays a recording on virtual time: every touch device gets a decoder and an engine with
/// the same gesture set, events are fed in time order across devices, and each engine's deadlines
/// fire at their own time before any later event — exactly what a live device would produce.
public struct Replayer {
    /// One replayed device: what it is, how big, and the state that turns its events into gestures.
    public struct Device {
        public let index: Int
        public let description: DeviceDescription
        public let geometry: DeviceGeometry
        fileprivate var decoder: EvdevDecoder
        fileprivate var engine: Engine<DefaultGestureSet>
        fileprivate let events: [InputEvent]
        fileprivate var next = 0

        /// Odd things the decoder worked around (time going backwards, too many contacts…).
        public var warnings: [DecoderWarning] { decoder.warnings }
        public var warningCount: Int { decoder.warningCount }
    }

    public private(set) var devices: [Device]

    /// - Parameter overrideSize: the surface size in mm, for devices that report no resolution.
    /// - Parameter tuning: thresholds for every device; by default each device's own
    ///   (`GestureTuning(for:)`).
    public init(recording: Recording, tuning: GestureTuning? = nil,
                overrideSize: (width: Double, height: Double)? = nil) {
        devices = []
        for recorded in recording.devices where recorded.description.isTouchDevice {
            let geometry = DeviceGeometry(description: recorded.description, overrideSize: overrideSize)
            devices.append(Device(
                index: devices.count, description: recorded.description, geometry: geometry,
                decoder: EvdevDecoder(device: recorded.description, geometry: geometry),
                engine: Engine(DefaultGestures.make(tuning ?? GestureTuning(for: recorded.description))),
                events: recorded.events))
        }
    }

    /// Feeds every event. `frame` sees each decoded frame; `gesture` each recognized event, in
    /// time order (events of the same instant in device order).
    public mutating func run(
        frame onFrame: (_ device: Int, _ frame: borrowing TouchFrame) -> Void = { _, _ in },
        gesture onGesture: (_ device: Int, _ event: GestureEvent) -> Void
    ) {
        var output = GestureEventBuffer()
        while let index = deviceWithEarliestEvent() {
            let event = devices[index].events[devices[index].next]
            devices[index].next += 1
            // Deadlines of every device up to this moment fire first, so output stays in time order.
            for other in devices.indices {
                devices[other].engine.advance(to: event.time, into: &output)
                flush(&output, device: other, onGesture)
            }
            switch devices[index].decoder.decode(event) {
            case .frame(let decoded)?:
                onFrame(index, decoded)
                devices[index].engine.process(decoded, into: &output)
            case .dropped(let time)?:
                devices[index].engine.reset(at: time, into: &output)
            case nil:
                break
            }
            flush(&output, device: index, onGesture)
        }
        for index in devices.indices {
            devices[index].engine.endOfInput(into: &output)
            flush(&output, device: index, onGesture)
        }
    }

    private func deviceWithEarliestEvent() -> Int? {
        var best: Int?
        for device in devices where device.next < device.events.count {
            let time = device.events[device.next].time
            if let current = best, devices[current].events[devices[current].next].time <= time { continue }
            best = device.index
        }
        return best
    }

    private func flush(_ output: inout GestureEventBuffer, device: Int,
                       _ onGesture: (_ device: Int, _ event: GestureEvent) -> Void) {
        for index in 0..<output.count { onGesture(device, output[index]) }
        output.removeAll()
    }
}
