import Foundation
import Glibc

/// What udevd broadcasts once it has processed a device: a "libudev" netlink message with the
/// action and every property of the device, sent here to each monitor socket a process under
/// umockdev's preload has opened (`$UMOCKDEV_DIR/eventN`, one per monitor).
///
/// `umockdev_testbed_uevent` cannot do this from the test process: its sender looks the device
/// up with libudev in the calling process, which is not preloaded, so the emulated syspath does
/// not exist there; it prints "No such device" and sends nothing. And what it sends when it
/// does work holds only ACTION, DEVPATH, SUBSYSTEM, SEQNUM and DEVNAME: libudev marks a device
/// received from udevd initialized and never reads the database for it, so libinput would see
/// no ID_INPUT and reject the device as not an input device.
struct UdevAnnouncement {
    var action: String
    /// In the order udevd sends them; DEVPATH and SUBSYSTEM are required.
    var properties: [(key: String, value: String)]

    /// The message, laid out as libudev's `struct udev_monitor_netlink_header` (40 bytes) and
    /// then the properties as NUL-terminated `KEY=value` strings.
    var message: [UInt8] {
        var payload: [UInt8] = []
        for (key, value) in [("ACTION", action)] + properties {
            payload += Array("\(key)=\(value)".utf8) + [0]
        }
        let subsystem = properties.first { $0.key == "SUBSYSTEM" }?.value ?? ""
        var header = Array("libudev".utf8) + [0]
        header += bigEndian(0xfeed_cafe)
        header += native(40)  // header size
        header += native(40)  // properties offset
        header += native(UInt32(payload.count))
        // libudev's monitors filter in the kernel (BPF) on this hash before userspace sees anything.
        header += bigEndian(Self.murmurHash2(subsystem))
        header += bigEndian(0)  // devtype hash: input devices have none
        header += bigEndian(0) + bigEndian(0)  // tag bloom filter: no tag matches are used
        return header + payload
    }

    /// Sends the message to every monitor socket under `root`; returns how many received it.
    /// A socket whose process has gone refuses it, which is not an error.
    @discardableResult
    func send(toMonitorsUnder root: String) -> Int {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: root)) ?? []
        let bytes = message
        var delivered = 0
        for name in names where name.hasPrefix("event") && name.dropFirst(5).allSatisfy(\.isNumber) {
            let descriptor = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
            guard descriptor >= 0 else { continue }
            defer { close(descriptor) }
            var address = sockaddr_un()
            address.sun_family = sa_family_t(AF_UNIX)
            let path = Array((root + "/" + name).utf8)
            withUnsafeMutableBytes(of: &address.sun_path) { buffer in
                buffer.copyBytes(from: path.prefix(buffer.count - 1))
            }
            let sent = withUnsafePointer(to: &address) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    sendto(descriptor, bytes, bytes.count, 0, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
                }
            }
            if sent == bytes.count { delivered += 1 }
        }
        return delivered
    }

    /// MurmurHash2 (32-bit, seed 0), the hash libudev puts in the header and compares in its
    /// socket filter.
    static func murmurHash2(_ text: String) -> UInt32 {
        let bytes = Array(text.utf8)
        let m: UInt32 = 0x5bd1_e995
        var hash = UInt32(truncatingIfNeeded: bytes.count)
        var index = 0
        while bytes.count - index >= 4 {
            var k = UInt32(bytes[index]) | UInt32(bytes[index + 1]) << 8
                | UInt32(bytes[index + 2]) << 16 | UInt32(bytes[index + 3]) << 24
            k &*= m
            k ^= k >> 24
            k &*= m
            hash &*= m
            hash ^= k
            index += 4
        }
        let rest = bytes.count - index
        if rest == 3 { hash ^= UInt32(bytes[index + 2]) << 16 }
        if rest >= 2 { hash ^= UInt32(bytes[index + 1]) << 8 }
        if rest >= 1 {
            hash ^= UInt32(bytes[index])
            hash &*= m
        }
        hash ^= hash >> 13
        hash &*= m
        hash ^= hash >> 15
        return hash
    }

    private func bigEndian(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value.bigEndian) { Array($0) } }
    private func native(_ value: UInt32) -> [UInt8] { withUnsafeBytes(of: value) { Array($0) } }
}
