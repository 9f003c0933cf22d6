import TactileCore
import TactileEvdev
import TactileProtocol
import TactileSystem

/// Reads every touch device of a seat (or the named nodes) and recognises their gestures, on
/// an `EventLoop`: touchscreens through libinput's touch events, touchpads through their raw
/// contacts (libevdev) plus libinput's own gestures passed through. Devices come and go while
/// it runs; one removed mid-gesture ends its gestures with `cancelled`.
///
/// Everything happens on the loop's thread. Per event nothing is allocated: frames and gesture
/// events are values, and the output buffer is reused.
public final class LiveInput {
    /// Where live input comes from.
    public enum Source: Sendable {
        /// Every touch device udev assigns to this seat, with hot-plug.
        case seat(String)
        /// Only these event nodes, through libinput's path backend.
        case devices([String])
    }

    /// What Tactile reads on touchpads.
    public struct TouchpadSources: OptionSet, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }

        /// The raw contacts through libevdev, recognised by Tactile's own gestures.
        public static let raw = TouchpadSources(rawValue: 1)
        /// libinput's swipe, pinch and hold gestures, passed through.
        public static let libinput = TouchpadSources(rawValue: 2)
        public static let both: TouchpadSources = [.raw, .libinput]
    }

    /// A touch device was found; `id` names it in every later callback.
    public var onDeviceAdded: (_ id: Int, _ info: TouchDeviceInfo) -> Void = { _, _ in }
    /// The device is gone; its last gestures have been delivered.
    public var onDeviceRemoved: (_ id: Int) -> Void = { _ in }
    /// One recognised gesture event, in time order per device.
    public var onGesture: (_ id: Int, _ event: GestureEvent) -> Void = { _, _ in }
    /// One step of a gesture libinput recognised on a touchpad, passed through.
    public var onPassThrough: (_ id: Int, _ gesture: PassThroughGesture) -> Void = { _, _ in }
    /// Something the user may want to know (a size estimate, a node that could not be read).
    public var onWarning: (String) -> Void = { _ in }

    private let loop: EventLoop
    private let libinput: Libinput
    /// The surface size of a device in mm, overriding its resolution (from the configuration).
    private let size: (DeviceDescription) -> (width: Double, height: Double)?
    /// The gesture set each device's engine recognizes (from the configuration).
    private var makeGestures: (DeviceDescription) -> AnyGesture
    private let touchpadSources: TouchpadSources
    private var registration: EventLoop.Registration?
    /// Armed at the earliest deadline of any device's engine.
    private var deadlineTimer: EventLoop.Timer?
    /// In the order they were added, so deadlines and shutdown visit them deterministically.
    private var devices: [LiveDevice] = []
    private var byKey: [DeviceKey: LiveDevice] = [:]
    private var nextID = 0
    private var output = GestureEventBuffer()

    /// - Parameter touchpadSources: raw contacts, libinput's gestures, or both (the default).
    /// - Parameter verbose: adds libinput's informational log (why it rejected a device, for
    ///   one) to stderr.
    /// - Parameter size: a device's surface size in mm, overriding its resolution; nil keeps it.
    /// - Parameter makeGestures: the gestures a device recognizes; by default the default set,
    ///   tuned to what the device can measure. The two hooks are `Replayer`'s, so live input and
    ///   replay set a device up alike.
    public init(_ source: Source, loop: EventLoop,
                size: @escaping (DeviceDescription) -> (width: Double, height: Double)? = { _ in nil },
                makeGestures: @escaping (DeviceDescription) -> AnyGesture = {
                    AnyGesture(DefaultGestures.make(GestureTuning(for: $0)))
                },
                touchpadSources: TouchpadSources = .both, verbose: Bool = false) throws(LiveInputError) {
        self.loop = loop
        self.size = size
        self.makeGestures = makeGestures
        self.touchpadSources = touchpadSources
        libinput = try Libinput(source, verbose: verbose)
        deadlineTimer = loop.addTimer { [unowned self] in deadlinePassed() }
    }

    /// Starts reading: the devices present now are reported before this returns.
    public func start() throws(Errno) {
        registration = try loop.register(libinput.descriptor) { [unowned self] in dispatchLibinput() }
        dispatchLibinput()
    }

    /// A new configuration: gestures in flight end with `cancelled`, then every device
    /// recognizes the new gesture set.
    public func reconfigure(_ makeGestures: @escaping (DeviceDescription) -> AnyGesture) {
        self.makeGestures = makeGestures
        let now = monotonicNow()
        for device in devices {
            device.engine.replaceGestures(with: makeGestures(device.info.description), at: now, into: &output)
            deliver(device)
        }
        rearm()
    }

    /// The input ends (SIGINT, SIGTERM): every device's gestures in flight end with `cancelled`
    /// and are delivered. Reading stops.
    public func finish() {
        for device in devices { finish(device) }
        devices.removeAll()
        byKey.removeAll()
        if let registration { loop.unregister(registration) }
        registration = nil
        if let deadlineTimer { try? loop.setDeadline(nil, for: deadlineTimer) }
    }

    // MARK: - Events

    private func dispatchLibinput() {
        libinput.dispatch { event in
            switch event {
            case .added(let device): add(device)
            case .removed(let key): remove(key)
            case .touch(let key, let change): touch(key, change)
            case .gesture(let key, let gesture): passThrough(key, gesture)
            }
        }
        rearm()
    }

    private func touch(_ key: DeviceKey, _ change: LibinputEvent.TouchChange) {
        guard let device = byKey[key] else { return }
        let frame = device.touchscreen?.apply(change)
        if case .cancel(let time) = change {
            device.engine.reset(at: time, into: &output)
        } else if let frame {
            device.engine.process(frame, into: &output)
        }
        deliver(device)
    }

    private func passThrough(_ key: DeviceKey, _ gesture: LibinputGesture) {
        guard let device = byKey[key] else { return }
        onPassThrough(device.id, device.libinputGestures.translate(gesture, at: device.lastCentroid))
    }

    private func readRaw(_ device: LiveDevice) {
        guard let node = device.raw?.device else { return }
        do {
            // The decoder is changed where it lives, not copied out and back (~1 KB each way).
            try node.readAvailable { read in
                switch read {
                case .event(let event):
                    switch device.raw?.decoder.decode(event) {
                    case .frame(let frame)?:
                        if !frame.isEmpty { device.lastCentroid = frame.centroid }
                        device.engine.process(frame, into: &output)
                    case .dropped(let time)?: device.engine.reset(at: time, into: &output)
                    case nil: break
                    }
                case .dropped(let time):
                    device.engine.reset(at: time, into: &output)
                    device.raw?.resynchronise(at: time, geometry: device.info.geometry) { frame in
                        device.engine.process(frame, into: &output)
                    }
                }
                deliver(device)
            }
        } catch {
            // The node is gone (ENODEV) or failed; libinput reports the removal itself.
            if let registration = device.raw?.registration { loop.unregister(registration) }
            device.raw = nil
            if error != .noSuchDevice { onWarning("\(device.info.node): reading stopped: \(error)") }
        }
        rearm()
    }

    /// The earliest engine deadline has passed. Input stamped before it is read first, so
    /// deadlines and frames interleave exactly as in replay; then each deadline fires at its
    /// own time.
    private func deadlinePassed() {
        for device in devices where device.raw != nil { readRaw(device) }
        dispatchLibinput()
        let now = monotonicNow()
        for device in devices {
            while let deadline = device.engine.nextDeadline, deadline <= now {
                device.engine.advance(to: deadline, into: &output)
            }
            deliver(device)
        }
        rearm()
    }

    private func rearm() {
        guard let deadlineTimer else { return }
        let earliest = devices.reduce(nil) { TactileCore.earliest($0, $1.engine.nextDeadline) }
        do {
            try loop.setDeadline(earliest, for: deadlineTimer)
        } catch {
            onWarning("cannot arm the deadline timer: \(error)")
        }
    }

    private func deliver(_ device: LiveDevice) {
        for index in 0..<output.count { onGesture(device.id, output[index]) }
        output.removeAll()
    }

    // MARK: - Hot-plug

    private func add(_ libinputDevice: LibinputDevice) {
        let probed: (info: TouchDeviceInfo, node: EvdevDevice)?
        do {
            probed = try TouchDeviceInfo.probe(libinputDevice, size: size)
        } catch {
            onWarning("\(libinputDevice.node ?? libinputDevice.name): cannot read its description: \(error); ignored")
            return
        }
        guard let (info, evdev) = probed else { return }
        let device = LiveDevice(id: nextID, info: info, gestures: makeGestures(info.description))
        nextID += 1
        if info.geometry.isEstimated { onWarning("\(info.node): \(info.geometry.estimationNote)") }
        switch info.kind {
        case .touchscreen:
            device.touchscreen = TouchscreenFrames(description: info.description, geometry: info.geometry)
        case .touchpad where info.rawContacts && touchpadSources.contains(.raw):
            if !touchpadSources.contains(.libinput) { libinputDevice.stopLibinputEvents() }
            if !evdev.hasMonotonicClock {
                onWarning("\(info.node): cannot switch its events to CLOCK_MONOTONIC; deadlines may fire late")
            }
            do {
                let registration = try loop.register(evdev.descriptor) { [unowned self, unowned device] in readRaw(device) }
                device.raw = RawContacts(device: evdev, decoder: EvdevDecoder(device: info.description, geometry: info.geometry),
                                         registration: registration)
            } catch {
                onWarning("\(info.node): cannot watch its raw contacts: \(error)")
            }
        case .touchpad:
            break
        }
        devices.append(device)
        byKey[libinputDevice.key] = device
        onDeviceAdded(device.id, info)
        if device.raw != nil { readRaw(device) }
    }

    private func remove(_ key: DeviceKey) {
        guard let device = byKey.removeValue(forKey: key) else { return }
        finish(device)
        devices.removeAll { $0 === device }
        onDeviceRemoved(device.id)
    }

    private func finish(_ device: LiveDevice) {
        if let raw = device.raw {
            loop.unregister(raw.registration)
            device.raw = nil
        }
        device.engine.endOfInput(into: &output)
        deliver(device)
    }
}
