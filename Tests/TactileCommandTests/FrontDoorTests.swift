import Foundation
import Glibc
import Testing

/// What a new user meets first: pipes into `head`, a `listen` started before the daemon, and
/// logs that say only what is true.
@Suite("a new user's first commands", .serialized)
struct FrontDoorTests {
    let directory = temporaryDirectory()
    var socket: String { directory.appendingPathComponent("tactile.sock").path }
    static let recording = "Recordings/evd-wacom-dth2242-finger.evemu"

    /// Runs `tactile ARGUMENTS | head -1` in bash and returns tactile's exit status and stderr.
    private func pipedIntoHead(_ arguments: [String]) throws -> (status: Int32, errors: String, line: String) {
        let errorFile = directory.appendingPathComponent("piped.err")
        let quoted = ([TactileRun.executable] + arguments).map { "'\($0)'" }.joined(separator: " ")
        let script = "\(quoted) 2>'\(errorFile.path)' | head -1; exit ${PIPESTATUS[0]}"
        let run = try Shell.run(script)
        let errors = (try? String(contentsOf: errorFile, encoding: .utf8)) ?? ""
        return (run.status, errors, run.output)
    }

    @Test("replay, listen and config --default end silently when their reader goes away, as coreutils do",
          arguments: [["replay", recording], ["config", "--default"]])
    func quietPipes(arguments: [String]) throws {
        let piped = try pipedIntoHead(arguments)
        #expect(!piped.line.isEmpty)
        #expect(!piped.errors.contains("standard output"), "\(piped.errors)")
        #expect(piped.status == 0 || piped.status == 128 + SIGPIPE, "\(piped.status)")
    }

    @Test("a long replay into head dies of SIGPIPE, silently")
    func replayIntoHead() throws {
        let piped = try pipedIntoHead(["replay", Self.recording, "--frames"])
        #expect(piped.status == 128 + SIGPIPE, "\(piped.status): \(piped.errors)")
        #expect(!piped.errors.contains("EPIPE"), "\(piped.errors)")
    }

    @Test("listen into head ends silently; the daemon's own stdout failing is still an error")
    func listenIntoHeadAndDaemonIntoHead() throws {
        let daemon = try BackgroundTactile(["run", "--replay", Self.recording, "--speed", "0", "--socket", socket,
                                            "--await-clients", "1"], directory: directory, name: "daemon")
        #expect(waitForSocket(socket))
        let listen = try pipedIntoHead(["listen", "--socket", socket])
        #expect(listen.status == 128 + SIGPIPE, "\(listen.status): \(listen.errors)")
        #expect(!listen.errors.contains("standard output"), "\(listen.errors)")
        _ = daemon.wait(seconds: 30)

        let run = try pipedIntoHead(["run", "--replay", Self.recording, "--speed", "0"])
        #expect(run.status == 1)
        #expect(run.errors.contains("cannot write to standard output: EPIPE"), "\(run.errors)")
    }

    @Test("listen --once started before the daemon waits for its socket, then prints the whole stream")
    func listenBeforeTheDaemon() throws {
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket], directory: directory, name: "client")
        usleep(300_000)
        #expect(client.process.isRunning, "\(client.errors)")
        let daemon = try BackgroundTactile(["run", "--replay", Self.recording, "--speed", "0", "--socket", socket,
                                            "--await-clients", "1"], directory: directory, name: "daemon")
        #expect(daemon.wait(seconds: 30) == 0, "\(daemon.errors)")
        #expect(client.wait(seconds: 10) == 0, "\(client.errors)")
        #expect(client.output == (try expectedOutput("evd-wacom-dth2242-finger.evemu")))
        #expect(client.errors.contains("connected to \(socket)\n"), "\(client.errors)")
        #expect(!client.errors.contains("connected to \(socket) again"), "\(client.errors)")
    }

    @Test("a replay to a socket says that clients connecting later miss the start, and how to wait")
    func replayToASocketSaysHowToWait() throws {
        let daemon = try BackgroundTactile(["run", "--replay", "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu",
                                            "--speed", "0", "--socket", socket], directory: directory, name: "daemon")
        #expect(daemon.wait(seconds: 30) == 0)
        #expect(daemon.errors.contains("--await-clients N waits for N"), "\(daemon.errors)")
    }

    @Test("listen --bindings without app= bindings says nothing of a focus source")
    func noFocusWordsWithoutAppBindings() throws {
        let config = directory.appendingPathComponent("config")
        try "[bindings]\ntap fingers=1 => true\n".write(to: config, atomically: true, encoding: .utf8)
        let daemon = try BackgroundTactile(["run", "--replay", "Recordings/evd-atmel-maxtouch.1-finger-fast-taps.evemu",
                                            "--speed", "0", "--socket", socket, "--await-clients", "1"],
                                           directory: directory, name: "daemon")
        let client = try BackgroundTactile(["listen", "--once", "--socket", socket, "--bindings", "--config", config.path],
                                           directory: directory, name: "client",
                                           unsetting: ["SWAYSOCK", "I3SOCK", "HYPRLAND_INSTANCE_SIGNATURE", "NIRI_SOCKET"])
        #expect(daemon.wait(seconds: 30) == 0)
        #expect(client.wait(seconds: 10) == 0, "\(client.errors)")
        #expect(!client.errors.contains("focus"), "\(client.errors)")
    }
}

/// A bash script run to its end, its stdout collected.
enum Shell {
    static func run(_ script: String) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = ["-c", script]
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
