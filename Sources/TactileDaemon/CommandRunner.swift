import Glibc
import TactileConfiguration
import TactileCore
import TactileProtocol
import TactileSystem

/// Starts bound commands and looks after them: each runs in its own process group with the
/// gesture in its environment, is killed (with its children) if it outlives its timeout, and is
/// always reaped. Starting never blocks recognition: `posix_spawn` returns once the child exists.
public final class CommandRunner {
    private struct Child {
        let processID: pid_t
        let deadline: Instant
        let name: String
    }

    private var children: [Child] = []
    private let log: (String) -> Void

    /// - Parameter log: where failures and timeouts are reported.
    public init(log: @escaping (String) -> Void) { self.log = log }

    /// When the next running command's timeout expires, on CLOCK_MONOTONIC.
    public var nextDeadline: Instant? { children.map(\.deadline).min() }

    /// Starts `binding`'s command, `arguments`, with `record`'s fields as `TACTILE_*` environment
    /// variables, and the focused application in `TACTILE_APP` when one is known. The application
    /// is no field of the stream: the daemon never knows it, the session's `listen` does.
    /// A command that cannot start (not found, not executable) is logged, nothing else.
    public func start(_ arguments: [String], of binding: Binding, for record: GestureRecord, application: String? = nil) {
        var environment: [String] = []
        var entry = environ
        while let variable = entry.pointee {
            let text = String(cString: variable)
            if !text.hasPrefix("TACTILE_") { environment.append(text) }
            entry += 1
        }
        environment += record.environment
        if let application { environment.append(Binding.applicationVariable + "=" + application) }

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawnattr_setpgroup(&attributes, 0)
        // The daemon blocks its signals for its signalfd; a child must start with none blocked
        // and default handlers, or it could not be stopped.
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var all = sigset_t()
        sigfillset(&all)
        posix_spawnattr_setsigdefault(&attributes, &all)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var processID: pid_t = 0
        let status = posix_spawnp(&processID, arguments[0], nil, &attributes, argv, envp)
        guard status == 0 else {
            log("binding at line \(binding.line): cannot start \(arguments[0]): \(String(cString: strerror(status)))")
            return
        }
        children.append(Child(processID: processID, deadline: monotonicNow() + binding.timeout,
                              name: arguments[0]))
    }

    /// Reaps every command that exited, and kills (then reaps) every one past its timeout.
    public func reap() {
        let now = monotonicNow()
        children.removeAll { child in
            var status: Int32 = 0
            if waitpid(child.processID, &status, WNOHANG) == child.processID { return true }
            guard now >= child.deadline else { return false }
            log("\(child.name) (pid \(child.processID)) ran past its timeout: killed")
            kill(-child.processID, SIGKILL)
            _ = waitpid(child.processID, &status, 0)
            return true
        }
    }

    /// Waits for every running command to exit, killing those that reach their timeout: at exit,
    /// so commands already started finish and none is left behind.
    public func waitForAll() {
        while !children.isEmpty {
            reap()
            if !children.isEmpty { usleep(10_000) }
        }
    }
}
