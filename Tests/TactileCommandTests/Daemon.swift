import Foundation
import Glibc
import TactileSystem

/// A `tactile` process started in the background, as the daemon or a client, whose output is
/// collected in files so nothing it writes can block it.
final class BackgroundTactile {
    let process = Process()
    let outputFile: URL
    let errorFile: URL

    /// - Parameter unsetting: variables of the test's own environment the process must not see
    ///   (a test run inside sway must not find the real compositor).
    init(_ arguments: [String], directory: URL, name: String, environment: [String: String] = [:],
         unsetting: [String] = [], executable: String = TactileRun.executable) throws {
        outputFile = directory.appendingPathComponent("\(name).out")
        errorFile = directory.appendingPathComponent("\(name).err")
        _ = FileManager.default.createFile(atPath: outputFile.path, contents: nil)
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = TactileRun.repository
        process.environment = ProcessInfo.processInfo.environment.filter { !unsetting.contains($0.key) }
            .merging(environment) { $1 }
        process.standardOutput = try FileHandle(forWritingTo: outputFile)
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
    }

    var output: String { (try? String(contentsOf: outputFile, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOf: errorFile, encoding: .utf8)) ?? "" }

    func signal(_ number: Int32) { kill(process.processIdentifier, number) }

    /// Waits for the process to exit; returns its status, or nil if it did not exit in time
    /// (it is then killed, so no test leaves a daemon behind).
    func wait(seconds: Double) -> Int32? {
        let deadline = Date().addingTimeInterval(seconds)
        while process.isRunning && Date() < deadline { usleep(10_000) }
        guard !process.isRunning else {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return nil
        }
        return process.terminationStatus
    }
}

/// Waits until a socket at `path` accepts connections. Its file appears at bind(), a moment
/// before listen(): a client connecting in between is refused, so the file is not enough.
func waitForSocket(_ path: String, seconds: Double = 10) -> Bool {
    waitUntil(seconds: seconds) {
        // /proc/net/unix: Num RefCount Protocol Flags Type St Inode Path; a listening socket's
        // flags are __SO_ACCEPTCON (00010000).
        // Read to its end: with many sockets open (the soak test's) the table is longer than one read.
        let table = String(decoding: FileHandle(forReadingAtPath: "/proc/net/unix")?.readDataToEndOfFile() ?? Data(),
                           as: UTF8.self)
        return table.split(separator: "\n").contains { line in
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            return fields.count >= 8 && fields[3] == "00010000" && fields[7...].joined(separator: " ") == path
        }
    }
}

/// A raw client of the daemon's socket that the test controls: it can stall (never read) or
/// hang up at once.
final class RawClient {
    let descriptor: Int32
    /// errno of a failed connect, 0 when connected.
    let connectError: Int32

    init(path: String) {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        let connected = UnixSocketAddress(path)?.withSockaddr { connect(descriptor, $0, $1) } ?? -1
        connectError = connected == 0 ? 0 : errno
        self.descriptor = descriptor
    }

    var isConnected: Bool { connectError == 0 }

    /// Everything the daemon sends until it closes the connection (at most 30 s).
    func readToEnd() -> String {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 4096)
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let deadline = Date().addingTimeInterval(30)
        while Date() < deadline, poll(&entry, 1, 1_000) >= 0 {
            let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
            if count == 0 { break }
            if count > 0 { received += buffer[0..<count] }
        }
        return String(decoding: received, as: UTF8.self)
    }

    /// Whether something arrives to read within `seconds` (it is left unread).
    func waitForData(seconds: Double) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(seconds * 1_000)) == 1
    }

    func close() { Glibc.close(descriptor) }
}

/// The expected replay output of a bundled recording.
func expectedOutput(_ name: String) throws -> String {
    try String(contentsOf: TactileRun.repository.appendingPathComponent("Recordings/\(name).expected.jsonl"), encoding: .utf8)
}

/// Whether a process with this id still exists.
func processExists(_ pid: Int32) -> Bool { kill(pid, 0) == 0 || errno != ESRCH }
