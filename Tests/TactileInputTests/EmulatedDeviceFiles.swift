import TactileEvdev

/// The two texts umockdev needs to emulate an evdev node, generated from a recording's device
/// description: the udev record (`.umockdev`) and the answers to libevdev's ioctls (`.ioctl`).
/// CONTRIBUTING.md, "Emulated devices", says why each line is there.
struct EmulatedDeviceFiles {
    let number: Int
    let description: DeviceDescription
    /// More of what udev's rules set (`ID_SEAT`, `LIBINPUT_IGNORE_DEVICE`).
    var rules: [(key: String, value: String)] = []
    /// What udev's input_id calls it, for a device that is no touch device (`ID_INPUT_KEYBOARD`).
    var kind: String?
    /// The keys `EVIOCGKEY` says are down.
    var heldKeys: Set<UInt16> = []

    var minor: Int { 64 + number }
    var node: String { "/dev/input/event\(number)" }
    var sysfsPath: String { "/sys/devices/virtual/input/input\(number)/event\(number)" }
    /// Where libudev looks for the record that says the device is initialized.
    var udevDatabasePath: String { "/run/udev/data/c13:\(minor)" }

    /// The device's udev properties, as udevd would have them after its input_id builtin ran.
    var udevProperties: [(key: String, value: String)] {
        [("DEVNAME", node), ("ID_INPUT", "1"),
         (kind ?? (description.isDirect ? "ID_INPUT_TOUCHSCREEN" : "ID_INPUT_TOUCHPAD"), "1"),
         ("MAJOR", "13"), ("MINOR", "\(minor)"), ("SUBSYSTEM", "input")]
    }

    /// What udev's rules and hwdb add for the device: its calibration, from the description.
    /// udevd keeps these in its database and announcements, not in the kernel's uevent.
    var ruleProperties: [(key: String, value: String)] {
        (description.calibration.map { [("LIBINPUT_CALIBRATION_MATRIX", $0.description)] } ?? []) + rules
    }

    var udevRecord: String {
        var lines = ["P: /devices/virtual/input/input\(number)/event\(number)", "N: input/event\(number)"]
        lines += udevProperties.map { "E: \($0.key)=\($0.value)" }
        lines.append("A: dev=13:\(minor)")
        return lines.joined(separator: "\n") + "\n\n"
    }

    var udevDatabase: String {
        "I:1\n" + (udevProperties.filter { $0.key.hasPrefix("ID_") } + ruleProperties)
            .map { "E:\($0.key)=\($0.value)\n" }.joined()
    }

    /// What udevd broadcasts when the device comes (`add`) or goes (`remove`).
    func announcement(_ action: String, sequenceNumber: Int) -> UdevAnnouncement {
        UdevAnnouncement(action: action, properties: [
            ("DEVPATH", String(sysfsPath.dropFirst("/sys".count))), ("SEQNUM", "\(sequenceNumber)"),
        ] + udevProperties + ruleProperties)
    }

    /// One line per ioctl libevdev issues, each with the exact size it asks for.
    var ioctls: String {
        var lines = ["@DEV \(node)"]
        func line(_ request: String, _ result: Int, _ bytes: [UInt8]) {
            lines.append("\(request) \(result) " + bytes.map { hex($0) }.joined())
        }
        line("EVIOCGVERSION", 0, littleEndian(Int32(0x010001)))
        line("EVIOCGID", 0, littleEndian(description.bustype) + littleEndian(description.vendor)
            + littleEndian(description.product) + littleEndian(description.version))
        var name = Array(description.name.utf8.prefix(254)) + [0]
        let nameLength = name.count
        name += [UInt8](repeating: 0, count: 255 - name.count)
        line("EVIOCGNAME", nameLength, name)
        line("EVIOCGPROP", 8, bitmask(description.properties, bytes: 8))
        // Only types with codes (libevdev asks more of EV_REP, which is left out), and only the
        // axes with an absinfo to answer EVIOCGABS with.
        var codesByType = description.codes.filter { !$0.value.isEmpty }
        codesByType[EventType.abs] = codesByType[EventType.abs]?.filter { description.absInfo[$0] != nil }
        let types = Set(codesByType.keys).union([EventType.syn]).subtracting([0x14])
        for type: UInt16 in [0, 1, 2, 3, 4, 5, 0x11, 0x12, 0x15] {
            let size = type == EventType.key ? 96 : type == 0x15 ? 16 : 8
            let codes = type == EventType.syn ? types : codesByType[type] ?? []
            line("EVIOCGBIT(\(type))", size, bitmask(codes, bytes: size))
        }
        line("EVIOCGKEY", 96, bitmask(heldKeys, bytes: 96))
        line("EVIOCGLED", 8, [UInt8](repeating: 0, count: 8))
        line("EVIOCGSW", 8, [UInt8](repeating: 0, count: 8))
        for (code, info) in description.absInfo.sorted(by: { $0.key < $1.key }) {
            let values = [info.value, info.minimum, info.maximum, info.fuzz, info.flat, info.resolution]
            line("EVIOCGABS(\(code))", 0, values.flatMap { littleEndian($0) })
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func bitmask(_ bits: Set<UInt16>, bytes: Int) -> [UInt8] {
        var mask = [UInt8](repeating: 0, count: bytes)
        for bit in bits where Int(bit) / 8 < bytes { mask[Int(bit) / 8] |= 1 << (bit % 8) }
        return mask
    }

    private func littleEndian<Value: FixedWidthInteger>(_ value: Value) -> [UInt8] {
        withUnsafeBytes(of: value.littleEndian) { Array($0) }
    }

    private func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0xf)]])
    }
}
