import Foundation
import Testing
@testable import TactileImport

/// libinput-gestures' `_internal` as a shell line, run against a stand-in `wmctrl` that lists a
/// grid of workspaces and records the one it is asked to switch to.
@Suite("tactile import: libinput-gestures' _internal")
struct InternalWorkspaceCommandTests {
    /// The workspace `_internal ARGUMENTS` switches to from `current` of `count`; nil: none.
    func target(_ arguments: [String], current: Int, count: Int) throws -> Int? {
        let command = try InternalWorkspaceCommand.parse(arguments).get()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("wmctrl-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let listing = (0..<count).map { "\($0)  \($0 == current ? "*" : "-") DG: N/A  VP: 0,0  WA: N/A  Desk \($0)" }
        let script = """
            #!/bin/sh
            if [ "$1" = -d ]; then printf '%s\\n' \(listing.map { "'\($0)'" }.joined(separator: " ")); fi
            if [ "$1" = -s ]; then echo "$2" > '\(directory.path)/switched'; fi
            """
        let wmctrl = directory.appendingPathComponent("wmctrl")
        try script.write(to: wmctrl, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wmctrl.path)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = Array(command.argv.dropFirst())
        process.environment = ["PATH": "\(directory.path):/usr/bin:/bin"]
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let switched = try? String(contentsOf: directory.appendingPathComponent("switched"), encoding: .utf8)
        return switched.flatMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    @Test("ws_up and ws_down: the next and previous workspace, stopping at the ends unless --wrap")
    func column() throws {
        #expect(try target(["ws_up"], current: 1, count: 4) == 2)
        #expect(try target(["ws_down"], current: 1, count: 4) == 0)
        #expect(try target(["ws_up"], current: 3, count: 4) == nil)
        #expect(try target(["-w", "ws_up"], current: 3, count: 4) == 0)
        #expect(try target(["--wrap", "ws_down"], current: 0, count: 4) == 3)
    }

    @Test("a grid of --cols 4: left and right within a row, up and down by a row, diagonals both")
    func grid() throws {
        // Rows of 4: 0 1 2 3 / 4 5 6 7. ws_left moves to the next column (index + 1), as in libinput-gestures.
        #expect(try target(["--cols", "4", "ws_left"], current: 1, count: 8) == 2)
        #expect(try target(["--cols=4", "ws_right"], current: 1, count: 8) == 0)
        #expect(try target(["-c", "4", "ws_right"], current: 4, count: 8) == nil)
        #expect(try target(["-c4", "-w", "ws_right"], current: 4, count: 8) == 7)
        #expect(try target(["--cols", "4", "ws_up"], current: 1, count: 8) == 5)
        #expect(try target(["--cols", "4", "ws_left_up"], current: 1, count: 8) == 6)
        #expect(try target(["--cols", "4", "ws_right_down"], current: 5, count: 8) == 0)
    }

    @Test("what libinput-gestures refuses: a diagonal without --cols, --cols 0, the legacy --row")
    func refused() {
        #expect(throws: Unconvertible.self) { try InternalWorkspaceCommand.parse(["ws_left_up"]).get() }
        #expect(throws: Unconvertible.self) { try InternalWorkspaceCommand.parse(["--cols", "0", "ws_up"]).get() }
        #expect(throws: Unconvertible.self) { try InternalWorkspaceCommand.parse(["--row", "2", "ws_up"]).get() }
        #expect(throws: Unconvertible.self) { try InternalWorkspaceCommand.parse(["ws_sideways"]).get() }
    }

    @Test("ws_left without --cols is ws_up, as libinput-gestures' legacy rule has it")
    func legacy() throws {
        #expect(try InternalWorkspaceCommand.parse(["ws_left"]).get() == InternalWorkspaceCommand.parse(["ws_up"]).get())
    }
}
