import Foundation

/// Runs the built `tactile` executable, as a user would, and collects what it printed.
struct TactileRun {
    let status: Int32
    let standardOutput: String
    let standardError: String

    /// `tactile` sits beside the test bundle in the build directory. TACTILE_EXECUTABLE names
    /// another build instead: a regression test is shown to fail by running it against the
    /// build from before its fix.
    static let executable = ProcessInfo.processInfo.environment["TACTILE_EXECUTABLE"]
        ?? URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent().appendingPathComponent("tactile").path
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../..").standardizedFileURL

    init(_ arguments: [String], input: Data? = nil, environment: [String: String] = [:]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.executable)
        process.arguments = arguments
        process.currentDirectoryURL = Self.repository
        process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
        let output = Pipe(), error = Pipe()
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Read both pipes to the end before waiting, so a large output cannot fill a pipe and stall.
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        let errorData = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        status = process.terminationStatus
        standardOutput = String(decoding: outputData, as: UTF8.self)
        standardError = String(decoding: errorData, as: UTF8.self)
    }
}

/// A scratch directory for one test.
func temporaryDirectory() -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("tactile-\(UUID().uuidString)")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}
