import TactileRecordings
import Testing

/// One emulated device and a `tactile` reading it, started and seen to have found the device:
/// where a test of what happens to a live device begins.
struct RunningDevice {
    let files: EmulatedDeviceFiles
    let testbed: Testbed
    /// The testbed's end of the device's node: what is written here, tactile reads.
    let node: FileDescriptorHandle
    let tactile: TactileProcess

    init(_ recorded: RecordedDevice, arguments: (EmulatedDeviceFiles) -> [String] = { ["run", "--verbose", "--device", $0.node] })
        throws {
        files = EmulatedDeviceFiles(number: 9, description: recorded.description)
        testbed = Testbed()
        node = try testbed.add(files)
        tactile = try TactileProcess(arguments(files), testbed: testbed)
        let (tactile, files) = (tactile, files)
        #expect(tactile.waitFor { $0.errors.contains(files.node) }, "tactile did not find the device: \(tactile.errors)")
    }
}
