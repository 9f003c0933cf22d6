import TactileEvdev
import TactileProtocol
import TactileRecordings
import TactileTestSupport

/// What `tactile replay` prints for one device's events re-timed by `shift` µs onto the live
/// clock: the JSON Lines a daemon reading the same events live must print, byte for byte.
func replayedLines(_ device: RecordedDevice, shiftedBy shift: Int64, settings: DeviceSettings = DeviceSettings())
    -> [String] {
    let shifted = RecordedDevice(description: device.description, events: device.events.map { $0.shifted(by: shift) })
    var replayer = Replayer(recording: Recording(devices: [shifted]), settings: settings)
    let encoder = JSONLinesEncoder(deviceName: device.description.name, surface: SurfaceKind(direct: device.description.isDirect))
    var output: [UInt8] = []
    replayer.run(gesture: { _, event in encoder.encode(event, into: &output) })
    return String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
}

extension TactileProcess {
    /// The lines it printed for the device of that name, as printed.
    func lines(of deviceName: String) -> [String] {
        output.split(separator: "\n").map(String.init).filter { $0.contains(#""device":"\#(deviceName)""#) }
    }
}
