import Glibc
import TactileCore
import TactileSystem
import TactileProtocol
import TactileDaemon
import TactileFocus

/// `tactile listen [--socket PATH] [--bindings [--config FILE]]`: a client of the daemon's
/// socket. It prints the stream, or with `--bindings` runs the commands bound to gestures
/// and types their keys (SIGHUP reloads the bindings). It exits 0 when the daemon closes the
/// stream or on SIGTERM, with every key it pressed released.
/// With `--bindings` it follows the focused application through the session's compositor, for
/// `app=` bindings and `TACTILE_APP`: the daemon serves every session and never knows it.
struct ListenCommand {
    static let defaultSocket = "/run/tactile/tactile.sock"

    var socketPath = getenv("TACTILE_SOCKET").map { String(cString: $0) } ?? ListenCommand.defaultSocket
    var runBindings = false
    var configurationFile = ConfigurationFile(explicit: nil)

    init(_ arguments: inout Arguments) throws(UsageError) {
        var configPath: String?
        while let argument = arguments.next() {
            switch argument {
            case "--socket": socketPath = try arguments.value(for: argument)
            case "--bindings": runBindings = true
            case "--config": configPath = try arguments.value(for: argument)
            default: throw UsageError("unknown option '\(argument)' for listen")
            }
        }
        if configPath != nil && !runBindings { throw UsageError("--config goes with --bindings") }
        configurationFile = ConfigurationFile(explicit: configPath)
    }

    func run() throws {
        let bindings = runBindings ? try configurationFile.load().bindings : []
        var dispatcher = BindingDispatcher(bindings: bindings)
        let keyboard = VirtualKeyboard(log: { Log.warning($0) })
        try keyboard.prepare(for: bindings)
        defer { keyboard.close() }
        let loop = try EventLoop()
        defer { loop.removeAllHandlers() }
        let runner = CommandRunner(log: { Log.warning($0) })
        let actions = BindingActions(runner: runner, keyboard: keyboard)
        let focus = runBindings ? Self.focusSource(loop: loop) : nil
        // Before the daemon's stream: the focus is known when the first gesture is judged.
        focus?.start()
        let connection = FileDescriptor(rawValue: try SocketClient.connect(to: socketPath))
        defer { try? connection.close() }

        let timeouts = loop.addTimer { runner.reap() }
        func watchCommands() {
            try? loop.setDeadline(runner.nextDeadline, for: timeouts)
        }
        var pending: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        try loop.register(connection) {
            let count = buffer.withUnsafeMutableBytes { try? connection.read(into: $0) } ?? 0
            guard count > 0 else {
                // The daemon closed the stream: its gestures will never end, so their keys go up now.
                keyboard.releaseAll()
                loop.stop()
                return
            }
            guard runBindings else {
                // Printing relays the stream as it comes: no need to find its lines.
                if (try? FileDescriptor.standardOutput.writeAll(buffer[0..<count])) == nil { loop.stop() }
                return
            }
            pending += buffer[0..<count]
            var start = pending.startIndex
            while let newline = pending[start...].firstIndex(of: UInt8(ascii: "\n")) {
                do {
                    let record = try GestureRecord(jsonLine: String(decoding: pending[start..<newline], as: UTF8.self))
                    let application = focus?.application
                    actions.perform(dispatcher.bindingsTriggered(by: record, application: application), for: record,
                                    application: application)
                    watchCommands()
                } catch {
                    Log.warning("ignoring a line of the stream: \(error)")
                }
                start = newline + 1
            }
            pending.removeFirst(start)
        }
        loop.onSignal = { signal in
            switch signal {
            case .interrupt, .terminate:
                loop.stop()
            case .hangUp where runBindings:
                do {
                    let bindings = try configurationFile.load().bindings
                    try keyboard.prepare(for: bindings)
                    dispatcher = BindingDispatcher(bindings: bindings)
                    Log.info("\(configurationFile.name): reloaded \(dispatcher.bindings.count) bindings")
                } catch {
                    Log.error("\(error); keeping the bindings in use")
                }
            case .hangUp:
                break
            case .childExited:
                runner.reap()
            }
            watchCommands()
        }
        try loop.run()
        runner.waitForAll()
    }
}

extension ListenCommand {
    /// The session's compositor, said once: which one is followed, or that none can be.
    static func focusSource(loop: EventLoop) -> FocusSource? {
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
        guard let focusProtocol = FocusSourceDetection.detect(environment) else {
            let variables = FocusSourceDetection.variables.joined(separator: ", ")
            Log.info("no focus source (no \(variables) in the environment; GNOME and KDE offer none): app= bindings never fire")
            return nil
        }
        Log.info("following the focused application through \(focusProtocol.name) at \(focusProtocol.address)")
        return FocusSource(focusProtocol, loop: loop, log: { Log.warning($0) })
    }
}

/// Connecting to the daemon's socket.
enum SocketClient {
    static func connect(to path: String) throws -> Int32 {
        guard let address = UnixSocketAddress(path) else { throw SocketError.fromErrno("\(path): path too long") }
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard descriptor >= 0, address.withSockaddr({ Glibc.connect(descriptor, $0, $1) }) == 0 else {
            let error = SocketError.fromErrno("cannot connect to \(path) (is the daemon running?)")
            if descriptor >= 0 { close(descriptor) }
            throw error
        }
        return descriptor
    }
}
