import Foundation
import Glibc
import Testing

/// Files the user names — a configuration, a recording — as issue 42 found them: a FIFO
/// blocked the process with its signals blocked, `/dev/zero` was read until the allocator gave
/// up. Each command runs in the background with a deadline, so a hang fails the test instead of
/// hanging it.
@Suite("files the user names: only regular files, and only so much of them", .serialized)
struct UserNamedFileTests {
    let directory = temporaryDirectory()
    var socket: String { directory.appendingPathComponent("tactile.sock").path }
    let taps = "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu"

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    func fifo(_ name: String) -> String {
        let fifo = path(name)
        #expect(mkfifo(fifo, 0o600) == 0)
        return fifo
    }

    /// Runs `tactile arguments` and waits at most `seconds`: nil if it was still running (then
    /// killed). A hang is what fails; what refuses at once takes well under a second, but a
    /// sanitizer build on a loaded machine, several.
    func run(_ arguments: [String], seconds: Double = 20) throws -> (status: Int32?, errors: String) {
        let process = try BackgroundTactile(arguments, directory: directory, name: "tactile-\(UUID().uuidString)")
        let status = process.wait(seconds: seconds)
        return (status, process.errors)
    }

    @Test("a FIFO as the configuration is refused at once by check, replay and run")
    func configurationFIFO() throws {
        let config = fifo("config")
        for arguments in [["check", config], ["replay", taps, "--config", config],
                          ["run", "--replay", taps, "--config", config, "--socket", socket]] {
            let (status, errors) = try run(arguments)
            #expect(status == 1, "\(arguments): \(errors)")
            #expect(errors.contains("\(config): is a FIFO, not a regular file"), "\(arguments): \(errors)")
        }
    }

    @Test("a configuration linked to /dev/zero fails fast, and one over 1 MiB names the limit")
    func endlessAndHugeConfiguration() throws {
        let zero = path("zero.conf")
        try FileManager.default.createSymbolicLink(atPath: zero, withDestinationPath: "/dev/zero")
        let started = Date()
        let endless = try run(["check", zero])
        #expect(endless.status == 1 && endless.errors.contains("\(zero): is a character device, not a regular file"),
                "\(endless.errors)")
        // Before, it was read until the allocator gave up (1.1 GB); killed here at the deadline.
        #expect(Date().timeIntervalSince(started) < 10)

        let huge = path("huge.conf")
        let comment = "# " + String(repeating: "x", count: 1_000) + "\n"
        try ("[tuning]\n" + String(repeating: comment, count: 1_100)).write(toFile: huge, atomically: true, encoding: .utf8)
        let tooLarge = try run(["check", huge])
        #expect(tooLarge.status == 1 && tooLarge.errors.contains("\(huge): is larger than 1 MiB, the most tactile reads of it"),
                "\(tooLarge.errors)")
    }

    @Test("a FIFO swapped in for the configuration before SIGHUP: the daemon keeps its own and still stops on SIGTERM")
    func fifoOnReload() throws {
        let live = path("live.conf")
        try "[tuning]\n".write(toFile: live, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(["run", "--replay", taps, "--socket", socket, "--await-clients", "1000",
                                            "--config", live], directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        try FileManager.default.removeItem(atPath: live)
        #expect(mkfifo(live, 0o600) == 0)
        daemon.signal(SIGHUP)
        #expect(waitUntil(seconds: 20) { daemon.errors.contains("keeping the configuration in use") }, "\(daemon.errors)")
        #expect(daemon.errors.contains("\(live): is a FIFO, not a regular file"), "\(daemon.errors)")
        daemon.signal(SIGTERM)
        #expect(daemon.wait(seconds: 20) == 0, "\(daemon.errors)")
    }

    @Test("a recording that is a FIFO or /dev/zero is refused at once by replay and run")
    func recordingFIFO() throws {
        let recording = fifo("recording.evemu")
        for (file, kind) in [(recording, "a FIFO"), ("/dev/zero", "a character device")] {
            for arguments in [["replay", file], ["run", "--replay", file, "--socket", socket]] {
                let (status, errors) = try run(arguments)
                #expect(status == 1, "\(arguments): \(errors)")
                #expect(errors.contains("\(file): is \(kind), not a regular file"), "\(arguments): \(errors)")
            }
        }
    }

    @Test("a recording's line over 1 MiB, or a libinput record node over 1 MiB, is an error naming the limit")
    func endlessHeader() throws {
        let header = try String(contentsOf: TactileRun.repository.appendingPathComponent(taps), encoding: .utf8)
        let evemu = path("long-name.evemu")
        try ("N: " + String(repeating: "x", count: 3 << 20) + "\n" + header).write(toFile: evemu, atomically: true,
                                                                                   encoding: .utf8)
        let line = try run(["replay", evemu])
        #expect(line.status == 1 && line.errors.contains("\(evemu):1: a line longer than 1 MiB, the most tactile reads of one"),
                "\(line.errors.prefix(500))")

        // A quoted scalar over many short lines: no line is long, the node is.
        let yaml = path("long-kernel.yml")
        let scalarLines = String(repeating: "    " + String(repeating: "x", count: 100) + "\n", count: 30_000)
        try ("version: 1\nndevices: 1\nlibinput:\n  version: \"1.23.0\"\n  git: \"unknown\"\nsystem:\n  kernel: \"k\n"
             + scalarLines + "    \"\n").write(toFile: yaml, atomically: true, encoding: .utf8)
        let node = try run(["replay", yaml])
        #expect(node.status == 1 && node.errors.contains("\(yaml): more than 1 MiB of YAML in one node"),
                "\(node.errors.prefix(500))")
    }
}
