import Glibc
import TactileConfiguration
import TactileCore
import TactileProtocol
import TactileSystem

/// Starts bound commands and looks after them: each runs in its own process group with the
/// gesture in its environment, is killed (with its children) if it outlives its timeout, and is
/// always reaped. Starting never blocks recognition: `posix_spawn` returns once the child exists.
///
/// A command's process group is watched until its timeout even after the command itself exited:
/// what it left running in the background (`sh -c 'job &'`) is killed with the group then, and at
/// exit, so nothing a binding started outlives its timeout or the daemon.
public final class CommandRunner {
    private struct Child {
        /// The command's process id, which is also its process group's id.
        let processID: pid_t
        let deadline: Instant
        let name: String
        /// Whether the command itself was reaped; its group may still have members.
        var exited = false
    }

    /// How long commands get to end after SIGTERM when the daemon is stopped, before SIGKILL.
    public static let stopGrace = Interval.milliseconds(500)

    private var children: [Child] = []
    private let log: (String) -> Void

    /// - Parameter log: where failures and timeouts are reported.
    public init(log: @escaping (String) -> Void) { self.log = log }

    /// When the next running command's timeout expires, on CLOCK_MONOTONIC.
    public var nextDeadline: Instant? { children.map(\.deadline).min() }

    /// Starts `binding`'s command, `arguments`, with `record`'s fields as `TACTILE_*` environment
    /// variables, and the focused application in `TACTILE_APP` when one is known. The application
    /// is no field of the stream: the daemon never knows it, the session's `listen` does. Its
    /// standard output is the daemon's standard error (the log): the daemon's standard output may
    /// be the gesture stream, which a command must never write into.
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
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, STDERR_FILENO, STDOUT_FILENO)

        let argv = arguments.map { strdup($0) } + [nil]
        let envp = environment.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var processID: pid_t = 0
        let status = posix_spawnp(&processID, arguments[0], &actions, &attributes, argv, envp)
        guard status == 0 else {
            log("binding at line \(binding.line): cannot start \(arguments[0]): \(String(cString: strerror(status)))")
            return
        }
        children.append(Child(processID: processID, deadline: monotonicNow() + binding.timeout,
                              name: arguments[0]))
    }

    /// Reaps every command that exited, forgets the groups that emptied, and kills (then reaps)
    /// every group past its timeout.
    public func reap() {
        let now = monotonicNow()
        for index in children.indices where !children[index].exited {
            children[index].exited = Self.reaped(children[index].processID, waiting: false)
        }
        children.removeAll { child in
            if child.exited && !Self.groupExists(child.processID) { return true }
            guard now >= child.deadline else { return false }
            if child.exited {
                log("\(child.name) (pid \(child.processID)) left processes running past its timeout: killed")
            } else {
                log("\(child.name) (pid \(child.processID)) ran past its timeout: killed")
            }
            kill(-child.processID, SIGKILL)
            if !child.exited { _ = Self.reaped(child.processID, waiting: true) }
            return true
        }
    }

    /// At the end of the input: waits for every running command to exit, killing those that
    /// reach their timeout, then kills what they left running in their groups.
    public func finishAll() {
        while children.contains(where: { !$0.exited }) {
            reap()
            if children.contains(where: { !$0.exited }) { usleep(10_000) }
        }
        killAll()
    }

    /// When the daemon is stopped (SIGTERM): every command's group gets SIGTERM, then SIGKILL
    /// after `stopGrace`, so stopping never waits for a command's own timeout.
    public func stopAll() {
        for child in children { kill(-child.processID, SIGTERM) }
        let deadline = monotonicNow() + Self.stopGrace
        while monotonicNow() < deadline, children.contains(where: { !$0.exited }) {
            for index in children.indices where !children[index].exited {
                children[index].exited = Self.reaped(children[index].processID, waiting: false)
            }
            usleep(10_000)
        }
        killAll()
    }

    /// SIGKILL to every group, and the commands reaped.
    private func killAll() {
        for child in children {
            kill(-child.processID, SIGKILL)
            if !child.exited { _ = Self.reaped(child.processID, waiting: true) }
        }
        children.removeAll()
    }

    /// Whether `processID` exited and was reaped now.
    private static func reaped(_ processID: pid_t, waiting: Bool) -> Bool {
        var status: Int32 = 0
        while true {
            let result = waitpid(processID, &status, waiting ? 0 : WNOHANG)
            if result == processID { return true }
            if result < 0 && errno == EINTR { continue }
            // ECHILD: it is not ours to wait for any more (reaped already).
            return result < 0
        }
    }

    /// Whether any process is left in the process group.
    private static func groupExists(_ group: pid_t) -> Bool {
        kill(-group, 0) == 0 || errno == EPERM
    }
}
