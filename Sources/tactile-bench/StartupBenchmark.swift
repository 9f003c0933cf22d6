import Glibc
import TactileProtocol
import TactileSystem

/// `--start [TACTILE]`: how long a short command takes from exec to exit. It runs
/// `tactile config --default` (stdout to /dev/null) `runs` times, and `/bin/true` as often in
/// between, one after the other, so the machine's noise falls on both; what Tactile itself costs
/// is the difference. The binary is the `tactile` beside this benchmark unless one is named
/// (the packaged, static one: `.build-package/release/tactile`).
struct StartupBenchmark {
    let tactile: String
    let runs: Int

    /// The `tactile` in the benchmark's own folder.
    static var besideThisBenchmark: String {
        let me = CommandLine.arguments[0]
        guard let slash = me.lastIndex(of: "/") else { return "tactile" }
        return String(me[...slash]) + "tactile"
    }

    func report(json: Bool) {
        var tactileTimes: [Double] = [], trueTimes: [Double] = []
        for _ in 0..<runs {
            tactileTimes.append(Self.time([tactile, "config", "--default"]))
            trueTimes.append(Self.time(["/bin/true"]))
        }
        let tactileMedian = Self.median(tactileTimes), trueMedian = Self.median(trueTimes)
        print("command:               \(tactile) config --default")
        print("runs:                  \(runs)")
        print("exec to exit:          \(Self.milliseconds(tactileMedian)) ms median, \(Self.milliseconds(tactileTimes.min()!)) ms best")
        print("/bin/true:             \(Self.milliseconds(trueMedian)) ms median")
        print("tactile beyond true:   \(Self.milliseconds(tactileMedian - trueMedian)) ms")
        if json {
            print("{\"start_ms\":\(Self.milliseconds(tactileMedian)),\"true_ms\":\(Self.milliseconds(trueMedian))}")
        }
    }

    /// Seconds from spawning `arguments` to reaping it; a command that cannot run or fails
    /// stops the benchmark, as its time would mean nothing.
    private static func time(_ arguments: [String]) -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        let start = monotonicNow()
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { fail("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let seconds = secondsElapsed(since: start)
        guard status == 0 else { fail("\(arguments.joined(separator: " ")) failed (wait status \(status))") }
        return seconds
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    private static func milliseconds(_ seconds: Double) -> String { Decimal.string(seconds * 1_000, digits: 2) }
}
