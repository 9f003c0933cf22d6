import Foundation
import Glibc
import TactileInput
import TactileSystem
import Testing
@testable import tactile

/// The lines `tactile run` logs about its input, for the cases an emulated seat does not reach
/// (the end-to-end run against umockdev is in TactileInputTests' InputReportTests).
@Suite("what tactile run says about its input")
struct InputReportLinesTests {
    static func node(_ number: Int, touch: String?, group: String = "input", mode: UInt32 = 0o660) -> UnreadableInputNode {
        UnreadableInputNode(node: "/dev/input/event\(number)", name: "device \(number)", touchKind: touch,
                            error: Errno(rawValue: 13), owner: "root", group: group, mode: mode)
    }

    @Test func withDevicesOpenOnlyUnreadableTouchDevicesAreNamed() {
        let lines = InputReport.lines(.seat("seat0"), openedDevices: 1,
                                      unreadable: [Self.node(1, touch: nil), Self.node(2, touch: "touchpad")])
        #expect(lines.map(\.text) == [
            "watching seat0 for touch devices (udev hot-plug)",
            "cannot read /dev/input/event2 \"device 2\" (touchpad): EACCES (Permission denied); it is root:input 660",
            "and 1 more input nodes this user may not read",
            InputReport.accessHint([Self.node(2, touch: "touchpad")]),
        ])
        #expect(lines[3].text.contains("members of group 'input' may read them"))
        #expect(InputReport.lines(.seat("seat0"), openedDevices: 1, unreadable: [Self.node(1, touch: nil)]).count == 1)
    }

    @Test func withNothingOpenAnyUnreadableNodeMayBeTheOneUpToALimit() {
        let many = (0..<20).map { Self.node($0, touch: nil) }
        let lines = InputReport.lines(.seat("seat1"), openedDevices: 0, unreadable: many).map(\.text)
        #expect(lines[1] == "no touch device on seat1 yet; waiting for one to appear")
        #expect(lines.filter { $0.hasPrefix("cannot read") }.count == InputReport.listedNodeLimit)
        #expect(lines.contains("and \(20 - InputReport.listedNodeLimit) more input nodes this user may not read"))
    }

    @Test func nodesTheirGroupMayNotReadNeedARule() {
        let hint = InputReport.accessHint([Self.node(3, touch: "touchscreen", group: "root", mode: 0o600)])
        #expect(hint.contains("a udev rule") && hint.contains("tactile.socket"))
    }

    @Test func namedNodesAreReadWithoutHotPlugAndAReplayWaitsForNothing() {
        let lines = InputReport.lines(.devices(["/dev/input/event7"]), openedDevices: 0, unreadable: []).map(\.text)
        #expect(lines == ["reading only /dev/input/event7 (no hot-plug)",
                          "none of them is a touchpad or touchscreen: nothing to recognize"])
        #expect(InputReport.lines(.replay(path: "x", description: nil, speed: 1), openedDevices: 0, unreadable: []).isEmpty)
    }
}

/// `tactile run --device PATH` for a node this user may not read: refused with why and what
/// grants access, before any node is opened. Root may read anything, so as root the test runs
/// tactile as nobody (setpriv); anyone else makes a file they own unreadable to themselves.
@Suite("tactile run --device on an unreadable node")
struct UnreadableDeviceTests {
    @Test func isRefusedWithTheReasonAndWhatGrantsAccess() throws {
        let file = temporaryDirectory().appendingPathComponent("event42")
        try Data().write(to: file)
        #expect(chmod(file.deletingLastPathComponent().path, 0o755) == 0)
        let isRoot = getuid() == 0
        #expect(chmod(file.path, isRoot ? 0o600 : 0o000) == 0)
        var status = stat()
        #expect(stat(file.path, &status) == 0)
        let owner = String(cString: getpwuid(status.st_uid).pointee.pw_name)
        let group = String(cString: getgrgid(status.st_gid).pointee.gr_name)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: isRoot ? "/usr/bin/setpriv" : TactileRun.executable)
        process.arguments = (isRoot ? ["--reuid=nobody", "--regid=nogroup", "--clear-groups", TactileRun.executable] : [])
            + ["run", "--device", file.path]
        let error = Pipe()
        process.standardError = error
        try process.run()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message.hasPrefix("tactile: cannot read \(file.path): EACCES (Permission denied); "
            + "it is \(owner):\(group) \(isRoot ? "600" : "0")\n"), "\(message)")
        #expect(message.contains("tactile: their group may not read them: a udev rule"), "\(message)")
    }
}
