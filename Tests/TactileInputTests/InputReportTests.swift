import Foundation
import Glibc
import TactileInput
import TactileSystem
import TactileRecordings
import TactileTestSupport
import Testing

extension EmulatedDeviceTests {
    /// What `tactile run` says before it has anything to read, against umockdev's emulated seat.
    /// Unreadable nodes are real: as root the test runs tactile as `nobody`, who may not read the
    /// emulated node (a PTY the test makes root:tty 0660).
    @Suite(.serialized)
    struct InputReportTests {
        static let unprivileged = ["--reuid=nobody", "--regid=nogroup", "--clear-groups"]

        @Test func anEmptySeatIsWatchedAndWaitedFor() throws {
            let testbed = Testbed()
            let tactile = try TactileProcess(["run"], testbed: testbed)
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains("waiting for one to appear") }, "\(tactile.errors)")
            #expect(tactile.errors.contains("tactile: watching seat0 for touch devices"))
            #expect(!tactile.errors.contains("cannot read"))
            #expect(tactile.terminate() == 0)
        }

        @Test func aTouchDeviceThisUserMayNotReadIsNamedWithWhatGrantsAccess() throws {
            let recording = try RecordingLoader.load(path: Corpus.path("evd-atmel-maxtouch.1-finger-drag-up-down.evemu"))
            let files = EmulatedDeviceFiles(number: 9, description: recording.devices[0].description)
            let testbed = Testbed()
            _ = try testbed.add(files)
            // The input device above the event node, with the name sysfs gives it.
            let parent = testbed.root + "/sys/devices/virtual/input/input9"
            try "".write(toFile: parent + "/uevent", atomically: true, encoding: .utf8)
            try "\(recording.devices[0].description.name)\n".write(toFile: parent + "/name", atomically: true, encoding: .utf8)
            // nobody must reach the testbed's emulated /sys and /dev; only the node stays closed.
            let readable = Process()
            readable.executableURL = URL(fileURLWithPath: "/bin/chmod")
            readable.arguments = ["-R", "a+rwX", testbed.root]
            try readable.run()
            readable.waitUntilExit()
            #expect(readable.terminationStatus == 0)
            var status = stat()
            #expect(stat(testbed.root + files.node, &status) == 0)
            let node = try FileManager.default.destinationOfSymbolicLink(atPath: testbed.root + files.node)
            // Root runs tactile as nobody, against a node shaped like a real one (root:input 0660;
            // the input group does not exist in the build container, tty does). Anyone else keeps
            // the PTY they own and takes their own read permission away (mode 0060).
            let isRoot = getuid() == 0
            if isRoot { #expect(chown(node, 0, 5) == 0) }
            #expect(chmod(node, isRoot ? 0o660 : 0o060) == 0)
            var owned = stat()
            #expect(stat(node, &owned) == 0)
            let owner = String(cString: getpwuid(owned.st_uid).pointee.pw_name)
            let group = String(cString: getgrgid(owned.st_gid).pointee.gr_name)

            let tactile = try TactileProcess(["run"], testbed: testbed, runningAs: isRoot ? Self.unprivileged : [])
            defer { tactile.terminate() }
            #expect(tactile.waitFor { $0.errors.contains("log in again") }, "\(tactile.errors)")
            let errors = tactile.errors
            #expect(errors.contains("no touch device on seat0 yet; waiting for one to appear"), "\(errors)")
            #expect(errors.contains("tactile: cannot read \(files.node) \"\(recording.devices[0].description.name)\" "
                + "(touchscreen): EACCES (Permission denied); it is \(owner):\(group) \(isRoot ? "660" : "60")"), "\(errors)")
            #expect(errors.contains("members of group '\(group)' may read them: add this user (sudo usermod -aG \(group)"),
                    "\(errors)")
            #expect(tactile.terminate() == 0, "\(tactile.errors)")
            guard isRoot else { return }

            // As root the same device is read, and nothing is said about access.
            let root = try TactileProcess(["run"], testbed: testbed)
            defer { root.terminate() }
            #expect(root.waitFor { $0.errors.contains("\(files.node): touchscreen") }, "\(root.errors)")
            #expect(root.terminate() == 0)
            #expect(!root.errors.contains("cannot read") && !root.errors.contains("waiting for one"), "\(root.errors)")
        }
    }
}
