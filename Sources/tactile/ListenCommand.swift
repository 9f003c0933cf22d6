import Glibc
import TactileCore
import TactileSystem
import TactileProtocol
import TactileConfiguration
import TactileDaemon
import TactileFocus

/// `tactile listen [--socket PATH] [--once] [--bindings [--explain[=human|json]] [--config FILE]]`: a client of the
/// daemon's socket. It prints the stream, or with `--bindings` runs the commands bound to
/// gestures and types their keys (SIGHUP reloads the bindings). When the daemon goes away it
/// reconnects, with back-off; it ends on SIGINT or SIGTERM, or with `--once` when the daemon
/// closes the stream, with every key it pressed released.
/// With `--bindings` it follows the focused application through the session's compositor, for
/// `app=` bindings and `TACTILE_APP`: the daemon serves every session and never knows it.
struct ListenCommand {
    static let defaultSocket = "/run/tactile/tactile.sock"

    var socketPath = getenv("TACTILE_SOCKET").map { String(cString: $0) } ?? ListenCommand.defaultSocket
    var runBindings = false
    var once = false
    /// `--explain[=human|json]`: why each event fired its bindings or not, on stderr.
    var explain: ExplanationFormat?
    var configurationFile = ConfigurationFile(explicit: nil)

    init(_ arguments: inout Arguments) throws(UsageError) {
        var configPath: String?
        while let argument = arguments.next() {
            switch argument {
            case "--socket": socketPath = try arguments.value(for: argument)
            case "--bindings": runBindings = true
            case "--once": once = true
            case _ where try ExplanationWriter.format(of: argument) != nil:
                explain = try ExplanationWriter.format(of: argument)
            case "--config": configPath = try arguments.value(for: argument)
            default: throw UsageError("unknown option '\(argument)' for listen")
            }
        }
        if configPath != nil && !runBindings { throw UsageError("--config goes with --bindings") }
        if explain != nil && !runBindings { throw UsageError("--explain goes with --bindings") }
        configurationFile = ConfigurationFile(explicit: configPath)
    }

    func run() throws {
        var reload = ConfigurationReload(file: configurationFile)
        let loop = try EventLoop()
        defer { loop.removeAllHandlers() }
        let bindings = runBindings ? try BindingRuntime(try reload.file.load().bindings, loop: loop) : nil
        defer { bindings?.close() }
        if let bindings {
            bindings.explainer = explain.map(BindingExplainer.init)
            bindings.focus = Self.focusSource(loop: loop, appBindings: bindings.hasApplicationBindings)
            // Before the daemon's stream: the focus is known when the first gesture is judged.
            bindings.focus?.start()
        }
        let connection = DaemonConnection(path: socketPath, once: once, loop: loop)
        defer { connection.stop() }

        var failure: (any Error)?
        var lines = StreamLineSplitter()
        connection.onBytes = { bytes in
            guard let bindings else {
                // Printing relays the stream as it comes: no need to find its lines.
                do throws(Errno) {
                    try FileDescriptor.standardOutput.writeAll(bytes)
                } catch .brokenPipe {
                    failure = ReaderWentAway()
                    loop.stop()
                } catch {
                    failure = OutputError(message: "cannot write to standard output: \(error)")
                    loop.stop()
                }
                return
            }
            lines.feed(bytes) { piece in
                switch piece {
                case .line(let text, let number):
                    do {
                        bindings.act(on: try GestureRecord(jsonLine: text))
                    } catch {
                        Log.warning("\(socketPath): line \(number): \(error); skipped")
                    }
                case .overlong(let number):
                    Log.warning("\(socketPath): line \(number) is longer than \(StreamLineSplitter.maximumLineLength) bytes; skipped")
                }
            }
        }
        connection.onStreamCut = {
            lines.reset()
            // The stream's gestures will never end, so their keys go up now.
            bindings?.releaseKeys()
        }
        connection.onClosed = { loop.stop() }
        var terminated = false
        loop.onSignal = { signal in
            switch signal {
            case .interrupt, .terminate:
                terminated = true
                loop.stop()
            case .hangUp:
                // Without bindings there is nothing to reload.
                guard let bindings, reload.reload(bindings: bindings) != nil else { return }
                // app= bindings the file did not have at the start: follow the focus now, or say
                // why they cannot fire.
                if bindings.focus == nil && bindings.hasApplicationBindings {
                    bindings.focus = Self.focusSource(loop: loop, appBindings: true)
                    bindings.focus?.start()
                }
            case .childExited:
                bindings?.commandsExited()
            }
        }
        try connection.start()
        try loop.run()
        bindings?.finish(terminated: terminated)
        if let failure = connection.failure { throw failure }
        if let failure { throw failure }
    }
}

extension ListenCommand {
    /// The session's compositor, said once: which one is followed, or that none can be.
    /// Without a compositor to ask, only `app=` bindings lose something worth saying.
    static func focusSource(loop: EventLoop, appBindings: Bool) -> FocusSource? {
        let environment = { (name: String) in getenv(name).map { String(cString: $0) } }
        guard let focusProtocol = FocusSourceDetection.detect(environment) else {
            guard appBindings else { return nil }
            let variables = FocusSourceDetection.variables.joined(separator: ", ")
            Log.info("no focus source (no \(variables) in the environment that names one): app= bindings never fire")
            return nil
        }
        Log.info("following the focused application through \(focusProtocol.name) at \(focusProtocol.address)")
        return FocusSource(focusProtocol, loop: loop, log: { Log.warning($0) })
    }
}
