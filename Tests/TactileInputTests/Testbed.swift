import CLibevdev
import CUmockdev
import Foundation
import Glibc
import TactileEvdev

/// An in-process umockdev testbed: emulated sysfs, udev records and evdev nodes that a child
/// process started with `preloadEnvironment` sees as real devices. One per process at a time
/// (`UMOCKDEV_DIR` is process-wide), so the tests using it are serialized.
final class Testbed {
    private let testbed: UnsafeMutablePointer<UMockdevTestbed>
    let root: String
    /// udev's SEQNUM, counting the announcements this testbed made.
    private var sequenceNumber = 0

    init() {
        testbed = umockdev_testbed_new()
        let directory = umockdev_testbed_get_root_dir(testbed)!
        root = String(cString: directory)
        g_free(directory)
    }

    deinit { g_object_unref(testbed) }

    /// Adds a device, as if present at boot: its udev database record (so libudev sees it
    /// initialized), the sysfs entry and the ioctl answers.
    func add(_ files: EmulatedDeviceFiles) throws -> FileDescriptorHandle {
        let database = root + files.udevDatabasePath
        try FileManager.default.createDirectory(atPath: (database as NSString).deletingLastPathComponent,
                                                withIntermediateDirectories: true)
        try files.udevDatabase.write(toFile: database, atomically: true, encoding: .utf8)
        let ioctlFile = root + "/\(files.number).ioctl"
        try files.ioctls.write(toFile: ioctlFile, atomically: true, encoding: .utf8)
        var error: UnsafeMutablePointer<GError>?
        guard umockdev_testbed_add_from_string(testbed, files.udevRecord, &error) != 0 else {
            throw TestbedError(message: "add_from_string: " + message(error))
        }
        guard umockdev_testbed_load_ioctl(testbed, files.node, ioctlFile, &error) != 0 else {
            throw TestbedError(message: "load_ioctl: " + message(error))
        }
        let descriptor = umockdev_testbed_get_dev_fd(testbed, files.node)
        guard descriptor >= 0 else { throw TestbedError(message: "no fd for \(files.node)") }
        return FileDescriptorHandle(descriptor: descriptor)
    }

    /// Plugs a device in while processes watch: it is added, then udevd's `add` announcement
    /// reaches every udev monitor. Returns how many monitors it reached.
    func plug(_ files: EmulatedDeviceFiles) throws -> (node: FileDescriptorHandle, monitors: Int) {
        let node = try add(files)
        return (node, announce("add", files))
    }

    /// Unplugs the device: udevd's `remove` announcement first, as the kernel removes the node
    /// only after telling udev. Returns how many monitors it reached.
    @discardableResult
    func unplug(_ files: EmulatedDeviceFiles) -> Int {
        let monitors = announce("remove", files)
        umockdev_testbed_remove_device(testbed, files.sysfsPath)
        try? FileManager.default.removeItem(atPath: root + files.udevDatabasePath)
        return monitors
    }

    /// udevd's `action` announcement of the device, without changing the testbed: a device
    /// suspended and resumed goes and comes back under the same node, which umockdev cannot
    /// remove and add again. Returns how many monitors it reached.
    @discardableResult
    func announce(_ action: String, _ files: EmulatedDeviceFiles) -> Int {
        sequenceNumber += 1
        return files.announcement(action, sequenceNumber: sequenceNumber).send(toMonitorsUnder: root)
    }

    private func message(_ error: UnsafeMutablePointer<GError>?) -> String {
        guard let error else { return "unknown error" }
        defer { g_error_free(error) }
        return String(cString: error.pointee.message)
    }
}

/// The testbed's end of an emulated node: what is written here, the reader reads.
struct FileDescriptorHandle {
    let descriptor: Int32

    /// Writes one frame's events in one write(), stamped with `time` (CLOCK_MONOTONIC µs).
    func write(_ events: ArraySlice<InputEvent>, at time: (InputEvent) -> Int64) {
        write(bytes: Self.bytes(of: events, at: time))
    }

    /// Writes one frame's events in two writes, the first ending `split` bytes into the frame
    /// (inside an event unless it is a multiple of its size), 2 ms apart: the reader finds the
    /// frame cut, as a node under load once handed it over.
    func write(_ events: ArraySlice<InputEvent>, splitAfter split: Int, at time: (InputEvent) -> Int64) {
        let bytes = Self.bytes(of: events, at: time)
        let cut = min(split, bytes.count)
        write(bytes: Array(bytes[..<cut]))
        usleep(2_000)
        write(bytes: Array(bytes[cut...]))
    }

    /// Writes `raw` events as they are, whatever their time fields hold.
    func write(raw events: [input_event]) {
        var bytes: [UInt8] = []
        for event in events { withUnsafeBytes(of: event) { bytes += $0 } }
        write(bytes: bytes)
    }

    private static func bytes(of events: ArraySlice<InputEvent>, at time: (InputEvent) -> Int64) -> [UInt8] {
        var bytes: [UInt8] = []
        for event in events {
            var raw = input_event()
            let microseconds = time(event)
            raw.time.tv_sec = Int(microseconds / 1_000_000)
            raw.time.tv_usec = Int(microseconds % 1_000_000)
            raw.type = event.type
            raw.code = event.code
            raw.value = event.value
            withUnsafeBytes(of: raw) { bytes += $0 }
        }
        return bytes
    }

    private func write(bytes: [UInt8]) {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 { if errno == EINTR { continue }; return }
                offset += written
            }
        }
    }
}

struct TestbedError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
