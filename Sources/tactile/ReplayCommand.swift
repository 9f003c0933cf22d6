import TactileCore
import TactileEvdev
import TactileSystem
import TactileProtocol
import TactilePicture
import TactileRecordings

/// `tactile replay FILE [--desc FILE] [--config FILE] [--frames] [--size WxH] [--svg OUT.svg]`: the
/// gestures a recording holds, as JSON Lines on stdout, recognized on virtual time.
///
/// It recognizes the embedded default gesture set unless `--config` names a configuration (its
/// `[tuning]` and `[gestures]`): never the user's own file implicitly, so the same recording
/// gives the same output on every machine. `--size` wins over a configured size.
///
/// `--svg` also draws the replay (every touch device's contacts and gestures) into OUT.svg. It
/// adds a picture without changing stdout, so a script reading the JSON works with or without it.
struct ReplayCommand {
    var path: String?
    var descriptionPath: String?
    var printFrames = false
    var overrideSize: (width: Double, height: Double)?
    var picturePath: String?
    var configurationPath: String?

    init(_ arguments: inout Arguments) throws(UsageError) {
        while let argument = arguments.next() {
            switch argument {
            case "--desc": descriptionPath = try arguments.value(for: argument)
            case "--frames": printFrames = true
            case "--size": overrideSize = try Self.parseSize(try arguments.value(for: argument))
            case "--svg": picturePath = try arguments.value(for: argument)
            case "--config": configurationPath = try arguments.value(for: argument)
            case _ where argument.hasPrefix("-"): throw UsageError("unknown option '\(argument)'")
            default:
                guard path == nil else { throw UsageError("replay takes one recording, got '\(argument)' too") }
                path = argument
            }
        }
        guard path != nil else { throw UsageError("replay needs a recording file") }
    }

    static func parseSize(_ text: String) throws(UsageError) -> (width: Double, height: Double) {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width > 0, height > 0, width.isFinite, height.isFinite
        else { throw UsageError("--size expects WIDTHxHEIGHT in millimetres, e.g. 345x194, got '\(text)'") }
        return (width, height)
    }

    func run() throws {
        let path = self.path!
        let recording = try RecordingLoader.load(path: path, descriptionPath: descriptionPath)
        guard let configurationPath else {
            var replayer = Replayer(recording: recording, settings: DeviceSettings(size: overrideSize))
            return try replay(&replayer, path: path, edgeZone: { _ in GestureDefaults.edgeSwipeZoneMillimetres })
        }
        let configuration = try ConfigurationFile(explicit: configurationPath).load()
        let overrideSize = self.overrideSize
        var replayer = Replayer(recording: recording, setup: { device in
            var setup = configuration.setup(for: device)
            if let overrideSize { setup.settings.size = overrideSize }
            return setup
        })
        try replay(&replayer, path: path, edgeZone: {
            configuration.tuning(forDevice: $0.name, base: GestureTuning()).edgeSwipeZoneMillimetres
        })
    }

    /// - Parameter edgeZone: the edge-swipe zone of a device, for the picture.
    private func replay<Root: Gesture>(_ replayer: inout Replayer<Root>, path: String,
                                       edgeZone: (DeviceDescription) -> Double) throws {
        for device in replayer.devices where device.geometry.isEstimated {
            StandardError.write("tactile: \(path): \(device.description.name): \(device.geometry.estimationNote)\n")
        }
        let encoders = replayer.devices.map { JSONLinesEncoder(deviceName: $0.description.name) }
        var output: [UInt8] = []
        output.reserveCapacity(1 << 16)
        let printFrames = self.printFrames
        var picture = picturePath.map { _ in
            ReplayPicture(title: Self.fileName(path), devices: replayer.devices.map {
                ReplayPicture.Device(name: $0.description.name, width: $0.geometry.width, height: $0.geometry.height,
                                     isSizeEstimated: $0.geometry.isEstimated, edgeZone: edgeZone($0.description))
            })
        }
        replayer.run(
            frame: { device, frame in
                if printFrames { encoders[device].encode(frame, into: &output) }
                picture?.record(frame, device: device)
            },
            gesture: { device, event in
                if !printFrames { encoders[device].encode(event, into: &output) }
                picture?.record(event, device: device)
            })
        for device in replayer.devices where device.warningCount > 0 {
            for warning in device.warnings {
                StandardError.write("tactile: \(path): \(device.description.name): warning: \(warning)\n")
            }
            if device.warningCount > device.warnings.count {
                StandardError.write("tactile: \(path): \(device.warningCount - device.warnings.count) more warnings\n")
            }
        }
        if let picture, let picturePath {
            try Self.write(picture.svg(), toFile: picturePath)
        }
        do {
            try FileDescriptor.standardOutput.writeAll(output[...])
        } catch {
            throw OutputError(message: "could not write to standard output: \(error)")
        }
    }

    /// The last component of `path`, to title the picture.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Writes `bytes` to `path`, replacing the file.
    static func write(_ bytes: [UInt8], toFile path: String) throws {
        do {
            let file = try FileDescriptor.open(path, [.writeOnly, .create, .truncate, .closeOnExec])
            defer { try? file.close() }
            try file.writeAll(bytes[...])
        } catch {
            throw OutputError(message: "could not write \(path): \(error)")
        }
    }
}

struct OutputError: Error, CustomStringConvertible {
    let message: String
    var description: String { message }
}
