import TactileCore
import TactileEvdev
import TactileSystem
import TactileProtocol
import TactilePicture
import TactileRecordings
import TactileConfiguration

/// `tactile replay FILE… [--desc FILE] [--config FILE] [--frames] [--size WxH] [--svg OUT.svg] [--explain[=human|json]]`:
/// the gestures recordings hold, as JSON Lines on stdout, recognized on virtual time.
///
/// It recognizes the embedded default gesture set unless `--config` names a configuration (its
/// `[tuning]` and `[gestures]`): never the user's own file implicitly, so the same recording
/// gives the same output on every machine. `--size` wins over a configured size.
///
/// Several files are replayed one after the other in one process, each with its own device
/// pipelines (as if replayed alone), and every line then starts with `"file":"FILE"`; one file
/// prints exactly what it prints alone. A file that cannot be read is reported and the others
/// are still replayed; the exit status is then 1. `--desc` describes every file given.
///
/// `--svg` also draws the replay (every touch device's contacts and gestures) into OUT.svg. It
/// adds a picture without changing stdout, so a script reading the JSON works with or without it.
/// It draws one recording, so it takes one file.
///
/// `--explain` writes each gesture's decisions to stderr as they are taken (`ExplanationWriter`),
/// again leaving stdout as it is.
struct ReplayCommand {
    var paths: [String] = []
    var descriptionPath: String?
    var printFrames = false
    var overrideSize: (width: Double, height: Double)?
    var picturePath: String?
    var configurationPath: String?
    /// `--explain`: how to write each gesture's decisions to stderr, if at all.
    var explanationFormat: ExplanationFormat?

    init(_ arguments: inout Arguments) throws(UsageError) {
        while let argument = arguments.next() {
            switch argument {
            case "--desc": descriptionPath = try arguments.value(for: argument)
            case "--frames": printFrames = true
            case "--size": overrideSize = try Self.parseSize(try arguments.value(for: argument))
            case "--svg": picturePath = try arguments.value(for: argument)
            case "--config": configurationPath = try arguments.value(for: argument)
            case _ where try ExplanationWriter.format(of: argument) != nil:
                explanationFormat = try ExplanationWriter.format(of: argument)
            case _ where argument.hasPrefix("-"): throw UsageError("unknown option '\(argument)'")
            default: paths.append(argument)
            }
        }
        guard !paths.isEmpty else { throw UsageError("replay needs a recording file") }
        if picturePath != nil && paths.count > 1 {
            throw UsageError("--svg draws one recording: give one file, not \(paths.count)")
        }
    }

    static func parseSize(_ text: String) throws(UsageError) -> (width: Double, height: Double) {
        let parts = text.split(separator: "x")
        guard parts.count == 2, let width = Double(parts[0]), let height = Double(parts[1]),
            width > 0, height > 0, width.isFinite, height.isFinite
        else { throw UsageError("--size expects WIDTHxHEIGHT in millimetres, e.g. 345x194, got '\(text)'") }
        return (width, height)
    }

    func run() throws {
        guard paths.count > 1 else {
            // The recording is opened first: its errors come before the configuration's.
            let stream = try RecordingStream(path: paths[0], descriptionPath: descriptionPath)
            let configuration = try configurationPath.map { try ConfigurationFile(explicit: $0).load() }
            return try replay(stream, path: paths[0], configuration: configuration, labelled: false)
        }
        let configuration = try configurationPath.map { try ConfigurationFile(explicit: $0).load() }
        var failed = 0
        for path in paths {
            do {
                let stream = try RecordingStream(path: path, descriptionPath: descriptionPath)
                try replay(stream, path: path, configuration: configuration, labelled: true)
            } catch let error as RecordingError {
                StandardError.write("tactile: \(error)\n")
                failed += 1
            }
        }
        if failed > 0 { throw OutputError(message: "\(failed) of \(paths.count) recordings could not be replayed") }
    }

    /// - Parameter labelled: whether each line says which file it came from.
    private func replay(_ stream: RecordingStream, path: String, configuration: Configuration?, labelled: Bool) throws {
        let file = labelled ? path : nil
        let settings = DeviceSettings(size: overrideSize)
        guard let configuration else {
            if let explanationFormat {
                let writer = ExplanationWriter(format: explanationFormat, file: file, gestureNames: [])
                var replayer = try Replayer(stream: stream, setup: { device in
                    writer.explained(.defaultGestures(for: device, settings: settings), device: device)
                })
                return try replay(&replayer, path: path, file: file, configuration: Configuration())
            }
            var replayer = try Replayer(stream: stream, settings: settings)
            return try replay(&replayer, path: path, file: file, configuration: Configuration())
        }
        let overrideSize = self.overrideSize
        let setup = { (device: DeviceDescription) in
            var setup = configuration.setup(for: device)
            if let overrideSize { setup.settings.size = overrideSize }
            return setup
        }
        if let explanationFormat {
            let writer = ExplanationWriter(format: explanationFormat, file: file, gestureNames: configuration.gestureNames)
            var replayer = try Replayer(stream: stream, setup: { writer.explained(setup($0), device: $0) })
            return try replay(&replayer, path: path, file: file, configuration: configuration)
        }
        var replayer = try Replayer(stream: stream, setup: setup)
        try replay(&replayer, path: path, file: file, configuration: configuration)
    }

    /// Replays as the file is read, writing the lines as they come (a malformed line late in
    /// a file is reported after the lines before it were written).
    /// - Parameter configuration: what the devices were set up with, for the picture's edge zones
    ///   and the declared gestures' names.
    /// - Parameter file: what each line names as its file, if anything.
    private func replay<Root: Gesture>(_ replayer: inout Replayer<Root>, path: String, file: String?,
                                       configuration: Configuration) throws {
        let devices = replayer.devices
        for device in devices where device.geometry.isEstimated {
            StandardError.write("tactile: \(path): \(device.description.name): \(device.geometry.estimationNote)\n")
        }
        var output = ReplayOutput(encoders: devices.map {
                                      JSONLinesEncoder(deviceName: $0.description.name,
                                                       surface: SurfaceKind(direct: $0.description.isDirect), file: file,
                                                       gestureNames: configuration.gestureNames)
                                  },
                                  printsFrames: printFrames)
        if picturePath != nil {
            output.picture = ReplayPicture(title: Self.fileName(path), devices: devices.map {
                let tuning = configuration.tuning(forDevice: $0.description.name,
                                                  base: GestureTuning(for: $0.description, geometry: $0.geometry))
                return ReplayPicture.Device(name: $0.description.name, width: $0.geometry.width,
                                            height: $0.geometry.height, isSizeEstimated: $0.geometry.isEstimated,
                                            edgeZone: tuning.hasEdgeSwipes ? tuning[.edgeSwipeZone] : 0)
            })
        }
        do {
            while try replayer.step(into: &output) {
                if output.isFull { try output.write() }
            }
        } catch let error as RecordingError {
            try output.write()
            throw error
        }
        replayer.finish(into: &output)
        try output.write()
        for device in replayer.devices where device.warningCount > 0 {
            for warning in device.warnings {
                StandardError.write("tactile: \(path): \(device.description.name): warning: \(warning)\n")
            }
            if device.warningCount > device.warnings.count {
                StandardError.write("tactile: \(path): \(device.warningCount - device.warnings.count) more warnings\n")
            }
        }
        if let picture = output.picture, let picturePath {
            try Self.write(picture.svg(), toFile: picturePath)
        }
    }

    /// The last component of `path`, to title the picture.
    static func fileName(_ path: String) -> String {
        path.split(separator: "/").last.map(String.init) ?? path
    }

    /// Writes `bytes` to `path`, replacing the file.
    static func write(_ bytes: [UInt8], toFile path: String) throws {
        do {
            let file = try FileDescriptor.openRegularFile(path, [.writeOnly, .create, .truncate])
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
