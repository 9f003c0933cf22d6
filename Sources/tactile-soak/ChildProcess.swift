import Glibc
import TactileSystem

/// A process the soak starts: its standard output and error go to files, so nothing it writes
/// can block it, and it is signalled and reaped by its id.
final class ChildProcess {
    let processID: pid_t
    let outputPath: String
    let errorPath: String
    private(set) var exitStatus: Int32?

    /// Starts `arguments` with `environment` added to the soak's own.
    init(_ arguments: [String], directory: String, name: String, environment: [String: String] = [:]) {
        outputPath = "\(directory)/\(name).out"
        errorPath = "\(directory)/\(name).err"
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var inherited: [String] = []
        var index = 0
        while let entry = environ[index] {
            let text = String(cString: entry)
            let name = String(text.prefix { $0 != "=" })
            if environment[name] == nil { inherited.append(text) }
            index += 1
        }
        let pairs = inherited + environment.map { "\($0.key)=\($0.value)" }
        var argv = arguments.map { strdup($0) } + [nil]
        var envp = pairs.map { strdup($0) } + [nil]
        defer {
            argv.forEach { free($0) }
            envp.forEach { free($0) }
        }
        var pid = pid_t()
        let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, &envp)
        guard spawned == 0 else { fail("cannot run \(arguments[0]): \(String(cString: strerror(spawned)))") }
        processID = pid
    }

    func signal(_ number: Int32) { kill(processID, number) }

    /// Whether it still runs; reaps it once it has exited.
    var isRunning: Bool {
        guard exitStatus == nil else { return false }
        var status: Int32 = 0
        guard waitpid(processID, &status, WNOHANG) == processID else { return true }
        exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + status & 0x7f
        return false
    }

    /// Waits at most `seconds` for it to exit; its exit status (128 + the signal that killed it),
    /// or nil if it was still running, when it is killed.
    func wait(seconds: Double) -> Int32? {
        let deadline = now() + seconds
        while isRunning && now() < deadline { usleep(10_000) }
        if isRunning {
            kill(processID, SIGKILL)
            var status: Int32 = 0
            while waitpid(processID, &status, 0) < 0 && errno == EINTR {}
            return nil
        }
        return exitStatus
    }

    var output: String { readText(outputPath) }
    var errors: String { readText(errorPath) }
}

/// Seconds on CLOCK_MONOTONIC.
func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
}

/// The text of the file at `path`, empty if there is none.
func readText(_ path: String) -> String {
    guard let file = fopen(path, "r") else { return "" }
    defer { fclose(file) }
    var bytes: [UInt8] = []
    var chunk = [UInt8](repeating: 0, count: 65_536)
    while true {
        let count = fread(&chunk, 1, chunk.count, file)
        if count == 0 { break }
        bytes += chunk[0..<count]
    }
    return String(decoding: bytes, as: UTF8.self)
}

/// Writes `text` to the file at `path`, replacing it.
func writeText(_ text: String, to path: String) {
    guard let file = fopen(path, "w") else { fail("cannot write \(path)") }
    defer { fclose(file) }
    var text = text
    text.withUTF8 { _ = fwrite($0.baseAddress, 1, $0.count, file) }
}

func fail(_ message: String) -> Never {
    try? FileDescriptor.standardError.writeAll("tactile-soak: \(message)\n")
    exit(2)
}
