import Foundation
import Glibc

/// The real `tactile` executable, run as a child process against the testbed: preloaded with
/// our shim (built here from Tests/UmockdevShim) and then umockdev's preload library.
final class TactileProcess {
    private let process = Process()
    private let outputPath: String
    private let errorPath: String
    private let testbedRoot: String

    /// The shim, compiled once per test process with the C compiler the machine has.
    static let shim: Result<String, TestbedError> = {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("UmockdevShim/umockdev-shim.c").path
        let library = NSTemporaryDirectory() + "tactile-umockdev-shim-\(getpid()).so"
        for compiler in ["cc", "clang", "gcc"] {
            let build = Process()
            build.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            build.arguments = [compiler, "-shared", "-fPIC", "-O2", "-o", library, source, "-ldl"]
            guard (try? build.run()) != nil else { continue }
            build.waitUntilExit()
            if build.terminationStatus == 0 { return .success(library) }
        }
        return .failure(TestbedError(message: "could not compile \(source) with cc, clang or gcc"))
    }()

    /// `tactile`, beside this test bundle in the build directory.
    static var executable: String {
        // As in TactileCommandTests: a regression test is shown to fail against the build from
        // before its fix.
        if let named = ProcessInfo.processInfo.environment["TACTILE_EXECUTABLE"] { return named }
        let own = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
        return URL(fileURLWithPath: own).deletingLastPathComponent().appendingPathComponent("tactile").path
    }

    /// - Parameter runningAs: a `setpriv` prefix such as `["--reuid=nobody", …]`, to run it as
    ///   a user who may not read what root may.
    /// - Parameter extra: more environment; an `LD_PRELOAD` in it goes before the testbed's.
    init(_ arguments: [String], testbed: Testbed, runningAs: [String] = [], environment extra: [String: String] = [:]) throws {
        let shim = try Self.shim.get()
        let directory = testbed.root
        testbedRoot = directory
        outputPath = directory + "/tactile-\(UUID().uuidString).out"
        errorPath = outputPath + ".err"
        _ = FileManager.default.createFile(atPath: outputPath, contents: nil)
        _ = FileManager.default.createFile(atPath: errorPath, contents: nil)
        if runningAs.isEmpty {
            process.executableURL = URL(fileURLWithPath: Self.executable)
            process.arguments = arguments
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = runningAs + [Self.executable] + arguments
        }
        var environment = ProcessInfo.processInfo.environment
        environment["UMOCKDEV_DIR"] = directory
        environment.merge(extra) { $1 }
        environment["LD_PRELOAD"] = ([extra["LD_PRELOAD"]].compactMap { $0 } + [shim, "libumockdev-preload.so.0"])
            .joined(separator: ":")
        process.environment = environment
        process.standardOutput = FileHandle(forWritingAtPath: outputPath)
        process.standardError = FileHandle(forWritingAtPath: errorPath)
        try process.run()
    }

    var pid: Int32 { process.processIdentifier }
    var output: String { (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? "" }
    var errors: String { (try? String(contentsOfFile: errorPath, encoding: .utf8)) ?? "" }

    /// How many of the process's descriptors are open on the emulated node: each is a PTY,
    /// which the testbed's `.ptymap` maps to the device number it stands for.
    func descriptorsOpen(on files: EmulatedDeviceFiles) -> Int {
        let directory = "/proc/\(pid)/fd"
        let descriptors = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
        return descriptors.filter { descriptor in
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: directory + "/" + descriptor)
            else { return false }
            let entry = testbedRoot + "/dev/.ptymap/" + target.replacingOccurrences(of: "/", with: "_")
            return (try? FileManager.default.destinationOfSymbolicLink(atPath: entry)) == "13:\(files.minor)"
        }.count
    }

    /// Waits up to `seconds` for `condition` on what the process has printed so far.
    func waitFor(seconds: Double = 10, _ condition: (TactileProcess) -> Bool) -> Bool {
        let end = Date().addingTimeInterval(seconds)
        while Date() < end {
            if condition(self) { return true }
            if !process.isRunning { return condition(self) }
            usleep(20_000)
        }
        return false
    }

    /// Sends SIGTERM and waits (at most 10 s, then SIGKILL); returns the exit status.
    @discardableResult
    func terminate() -> Int32 {
        if process.isRunning { kill(process.processIdentifier, SIGTERM) }
        let end = Date().addingTimeInterval(10)
        while process.isRunning && Date() < end { usleep(10_000) }
        if process.isRunning {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return -1
        }
        return process.terminationStatus
    }

    /// The JSON Lines it printed, parsed.
    var gestures: [[String: Any]] {
        output.split(separator: "\n").compactMap {
            (try? JSONSerialization.jsonObject(with: Data($0.utf8))) as? [String: Any]
        }
    }
}
