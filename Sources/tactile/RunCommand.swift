import Glibc
import TactileCore
import TactileEvdev
import TactileSystem
import TactileInput
import TactileConfiguration
import TactileDaemon
import TactileRecordings
import TactileProtocol

/// `tactile run`: the daemon. Recognizes gestures on live touch devices (seat0, or the
/// `--device` nodes) or on a recording paced as if live (`--replay`), and serves them as JSON
/// Lines on a Unix socket (`--socket`, or the socket systemd passes) or on stdout; `--bindings`
/// runs the commands the configuration binds to gestures; `--touchegg` also serves Touchégg's
/// D-Bus protocol, for the desktops that follow Touchégg's daemon. SIGHUP reloads the configuration (a
/// broken one is rejected and the old one kept); SIGINT and SIGTERM end gestures in flight with
/// `cancelled`, flush every client, and exit 0.
struct RunCommand {
    enum Input {
        case seat(String)
        case devices([String])
        case replay(path: String, description: String?, speed: Double)
    }

    var input = Input.seat("seat0")
    /// `--seat`: whose touch devices are read unless named, and whose keyboards' modifiers are.
    var seat = "seat0"
    var verbose = false
    var touchpadSources = LiveInput.TouchpadSources.both
    var socketPath: String?
    var socketGroup: String?
    var configurationFile = ConfigurationFile(explicit: nil)
    var runBindings = false
    /// `--explain`: how to write each gesture's decisions, and with `--bindings` why each event
    /// fired its bindings or not, to stderr, if at all.
    var explanationFormat: ExplanationFormat?
    /// `--touchegg [ADDRESS]`: serve Touchégg's protocol there (the configuration's `touchegg =` otherwise).
    var toucheggAddress: String?
    /// With `--replay`: wait for this many socket clients before the first event.
    var awaitedClients = 0
    var clientQueueLimit = SocketServer.defaultQueueLimit

    init(_ arguments: inout Arguments) throws(UsageError) {
        var devicePaths: [String] = []
        var replayPath: String?
        var descriptionPath: String?
        var speed = 1.0
        while let argument = arguments.next() {
            switch argument {
            case "--device": devicePaths.append(try arguments.value(for: argument))
            case "--seat": seat = try arguments.value(for: argument)
            case "--verbose": verbose = true
            case "--touchpad-source":
                switch try arguments.value(for: argument) {
                case "raw": touchpadSources = .raw
                case "libinput": touchpadSources = .libinput
                case "both": touchpadSources = .both
                case let other: throw UsageError("--touchpad-source expects raw, libinput or both, got '\(other)'")
                }
            case "--socket": socketPath = try arguments.value(for: argument)
            case "--socket-group": socketGroup = try arguments.value(for: argument)
            case "--config": configurationFile = ConfigurationFile(explicit: try arguments.value(for: argument))
            case "--bindings": runBindings = true
            case _ where try ExplanationWriter.format(of: argument) != nil:
                explanationFormat = try ExplanationWriter.format(of: argument)
            case "--touchegg": toucheggAddress = arguments.optionalValue() ?? Touchegg.defaultAddress
            case "--replay": replayPath = try arguments.value(for: argument)
            case "--desc": descriptionPath = try arguments.value(for: argument)
            case "--speed":
                let text = try arguments.value(for: argument)
                guard let value = Double(text), value == 0 || PacedReplay.speeds.contains(value) else {
                    throw UsageError("--speed expects 0 (as fast as possible) or a factor from "
                                     + "\(PacedReplay.speeds.lowerBound) to \(Int(PacedReplay.speeds.upperBound)), got '\(text)'")
                }
                speed = value
            case "--client-queue-limit":
                let text = try arguments.value(for: argument)
                guard let value = Int(text), value >= SocketServer.minimumQueueLimit else {
                    throw UsageError("--client-queue-limit expects bytes, at least \(SocketServer.minimumQueueLimit) "
                                     + "(a few lines), got '\(text)'")
                }
                clientQueueLimit = value
            case "--await-clients":
                let text = try arguments.value(for: argument)
                guard let value = Int(text), value >= 0 else { throw UsageError("--await-clients expects a count") }
                awaitedClients = value
            default: throw UsageError("unknown option '\(argument)' for run")
            }
        }
        if let replayPath {
            guard devicePaths.isEmpty else { throw UsageError("--replay and --device exclude each other") }
            input = .replay(path: replayPath, description: descriptionPath, speed: speed)
        } else {
            guard descriptionPath == nil, awaitedClients == 0 else { throw UsageError("--desc and --await-clients go with --replay") }
            input = devicePaths.isEmpty ? .seat(seat) : .devices(devicePaths)
        }
        if socketGroup != nil && socketPath == nil && toucheggAddress == nil {
            throw UsageError("--socket-group goes with --socket or --touchegg")
        }
    }

    func run() throws {
        try InputReport.requireReadable(input)
        var reload = ConfigurationReload(file: configurationFile)
        var configuration = try reload.file.load()
        let loop = try EventLoop()
        // The outputs, in the order each record reaches them: the stream's line first, the
        // bindings' effects last. Each is closed on the way out, however it goes (the last made
        // first; keys still down go up), even when one made later fails.
        var outputs: [any GestureOutput] = []
        defer { for output in outputs.reversed() { output.close() } }
        func added<Output: GestureOutput>(_ output: Output?) -> Output? {
            if let output { outputs.append(output) }
            return output
        }
        let socket = added(try makeSocketService(loop: loop))
        let standardOutput = added(socket == nil ? StandardOutputLines() : nil)
        let touchegg = added(try makeToucheggServer(configuration, socket: socket?.server, loop: loop).map(ToucheggOutput.init))
        let bindings = added(runBindings ? try BindingRuntime(configuration.bindings, loop: loop) : nil)
        bindings?.explainer = explanationFormat.map(BindingExplainer.init)
        let sink = GestureSink(outputs: outputs)
        sink.gestureNames = configuration.gestureNames

        let explainer = explanationFormat.map { ExplanationWriter(format: $0, gestureNames: configuration.gestureNames) }
        let source = try makeSource(Self.setup(configuration, explainer), loop: loop, sink: sink)
        // The handlers below capture the loop, the source and the sink, which hold them: drop
        // them on the way out, so everything is deinitialized and nothing leaks at exit.
        defer {
            loop.removeAllHandlers()
            source.whenFinished {}
            standardOutput?.onFailed = {}
        }
        /// `--await-clients` counts socket clients still connected and D-Bus clients.
        func startOnceClientsConnected() {
            let clients = (socket?.server.liveClientCount() ?? 0) + (touchegg?.server.clientCount ?? 0)
            if case .replay(let replay) = source, !replay.started, clients >= awaitedClients {
                try? replay.start()
            }
        }
        socket?.onClientsAccepted = startOnceClientsConnected
        touchegg?.server.onClientReady = startOnceClientsConnected
        var stopping = false
        /// Set by SIGINT and SIGTERM: running commands are then stopped, not waited for.
        var terminated = false
        func stop() {
            guard !stopping else { return }
            stopping = true
            Systemd.notify("STOPPING=1")
            source.finish()
            loop.stop()
        }
        source.whenFinished(stop)
        // Not `stop` itself: the write failed inside the input's delivery, which must return
        // before the input can be finished.
        standardOutput?.onFailed = { loop.stop() }
        loop.beforeWaiting = { sink.flush() }
        loop.onSignal = { signal in
            switch signal {
            case .interrupt, .terminate:
                terminated = true
                stop()
            case .hangUp:
                guard let reloaded = reload.reload(bindings: bindings) else { return }
                configuration = reloaded
                source.reconfigure(Self.setup(configuration, explainer), sink: sink)
                // After: the gestures the reload cancelled, and their decisions, were named by the
                // old configuration.
                sink.gestureNames = configuration.gestureNames
                explainer?.gestureNames = configuration.gestureNames
            case .childExited:
                bindings?.commandsExited()
            }
        }

        try source.start(awaitingClients: awaitedClients, servesClients: socket != nil || touchegg != nil)
        InputReport.log(input, openedDevices: sink.deviceCount)
        Systemd.notify("READY=1")
        if !stopping { try loop.run() }
        stop()
        // What the input's end delivered goes out, then every output finishes.
        sink.finish(terminated: terminated)
        if let failure = standardOutput?.failure { throw OutputError(message: "cannot write to standard output: \(failure)") }
        if let failure = source.failure { throw failure }
    }

    /// The socket's stream on the loop, when there is a socket.
    private func makeSocketService(loop: EventLoop) throws -> SocketService? {
        guard let server = try makeServer() else { return nil }
        do {
            return try SocketService(server, loop: loop)
        } catch {
            server.close()
            throw error
        }
    }

    private func makeServer() throws -> SocketServer? {
        if let descriptor = Systemd.activatedSocket() {
            return SocketServer(inheritedDescriptor: descriptor, queueLimit: clientQueueLimit)
        }
        guard let socketPath else { return nil }
        return try SocketServer(path: socketPath, group: socketGroup, queueLimit: clientQueueLimit)
    }

    /// The devices' setups from `configuration`, their gestures explained when `--explain` asks.
    private static func setup(_ configuration: Configuration, _ explainer: ExplanationWriter?)
        -> (DeviceDescription) -> DeviceSetup<AnyGesture<Void>> {
        guard let explainer else { return configuration.setup(for:) }
        return { device in
            let explained = explainer.explained(configuration.setup(for: device), device: device)
            return DeviceSetup(settings: explained.settings, gestures: { AnyGesture(erasing: explained.gestures($0)) })
        }
    }

    private func makeSource(_ setup: @escaping (DeviceDescription) -> DeviceSetup<AnyGesture<Void>>,
                            loop: EventLoop, sink: GestureSink) throws -> GestureSource {
        switch input {
        case .seat(let seat):
            return .live(try liveInput(.seat(seat), setup, loop: loop, sink: sink))
        case .devices(let paths):
            return .live(try liveInput(.devices(paths), setup, loop: loop, sink: sink))
        case .replay(let path, let description, let speed):
            let stream = try RecordingStream(path: path, descriptionPath: description)
            let replayer = try Replayer(stream: stream, setup: setup)
            let replay = PacedReplay(replayer, name: path, speed: speed, loop: loop)
            for device in replay.devices {
                sink.addDevice(device.index, name: device.description.name,
                               surface: ToucheggSurface(device.geometry, direct: device.description.isDirect))
            }
            replay.onGesture = { id, event in sink.deliver(event, from: id) }
            return .replay(replay)
        }
    }

    private func liveInput(_ source: LiveInput.Source, _ setup: @escaping (DeviceDescription) -> DeviceSetup<AnyGesture<Void>>,
                           loop: EventLoop, sink: GestureSink) throws -> LiveInput {
        let input = try LiveInput(source, loop: loop, setup: setup, touchpadSources: touchpadSources,
                                  verbose: verbose)
        input.onDeviceAdded = { id, info in
            sink.addDevice(id, name: info.name, surface: ToucheggSurface(info.geometry, direct: info.kind == .touchscreen))
            Log.info("\(info.node): \(info.kind.rawValue) \"\(info.name)\"")
        }
        input.onDeviceReconfigured = { id, info, geometry in
            sink.updateSurface(id, ToucheggSurface(geometry, direct: info.kind == .touchscreen))
        }
        input.onDeviceRemoved = { id in sink.removeDevice(id) }
        input.onGesture = { id, event in sink.deliver(event, from: id) }
        input.onPassThrough = { id, gesture in sink.deliver(gesture, from: id) }
        input.onWarning = { Log.warning($0) }
        sink.keyboards = KeyboardModifiers(seat: seat)
        return input
    }
}

/// What the daemon reads: live devices or a paced recording.
enum GestureSource {
    case live(LiveInput)
    case replay(PacedReplay)

    /// A replay that serves clients waits for `awaitingClients` of them to connect first.
    func start(awaitingClients: Int, servesClients: Bool) throws {
        switch self {
        case .live(let input): try input.start()
        case .replay(let replay):
            guard !servesClients || awaitingClients == 0 else { return }
            // A `listen` started next would connect after lines it can never get.
            if servesClients {
                Log.info("replaying now; clients that connect later miss what came before (--await-clients N waits for N)")
            }
            try replay.start()
        }
    }

    /// Ends the input: gestures in flight end with `cancelled`.
    func finish() {
        switch self {
        case .live(let input): input.finish()
        case .replay(let replay): replay.stop()
        }
    }

    /// A reload: the devices' new settings and gestures; the sink learns their new surfaces (a
    /// live input tells it device by device).
    func reconfigure(_ setup: @escaping (DeviceDescription) -> DeviceSetup<AnyGesture<Void>>, sink: GestureSink) {
        switch self {
        case .live(let input):
            input.reconfigure(setup)
        case .replay(let replay):
            replay.reconfigure(setup)
            for device in replay.devices {
                sink.updateSurface(device.index, ToucheggSurface(device.geometry, direct: device.description.isDirect))
            }
        }
    }

    /// Why the input stopped early, if it failed.
    var failure: Error? {
        if case .replay(let replay) = self { return replay.failure }
        return nil
    }

    /// Live input never finishes by itself; a replay calls `action` once its recording is over.
    func whenFinished(_ action: @escaping () -> Void) {
        if case .replay(let replay) = self { replay.onFinished = action }
    }
}
