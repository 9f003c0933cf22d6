import TactileInput

/// `tactile devices [--seat SEAT] [--device PATH]...`: the touch devices, one per line, with
/// what Tactile makes of them.
struct DevicesCommand {
    var seat = "seat0"
    var devicePaths: [String] = []

    init(_ arguments: inout Arguments) throws(UsageError) {
        while let argument = arguments.next() {
            switch argument {
            case "--device": devicePaths.append(try arguments.value(for: argument))
            case "--seat": seat = try arguments.value(for: argument)
            default: throw UsageError("unknown option '\(argument)' for devices")
            }
        }
    }

    func run() throws {
        let devices = try TouchDeviceInfo.list(devicePaths.isEmpty ? .seat(seat) : .devices(devicePaths))
        if devices.isEmpty {
            StandardError.write("tactile: no touch devices found (is this user in the 'input' group?)\n")
        }
        for device in devices {
            let size = "\(millimetres(device.geometry.width))x\(millimetres(device.geometry.height)) mm"
                + (device.geometry.isEstimated ? " (estimated)" : "")
            print("\(device.node)\t\(device.kind.rawValue)\t\(device.name)\tsize \(size)\tslots \(device.slots)\t"
                + "raw contacts \(device.rawContacts ? "yes" : "no")")
        }
    }

    private func millimetres(_ value: Double) -> String {
        String(Double((value * 10).rounded()) / 10)
    }
}
