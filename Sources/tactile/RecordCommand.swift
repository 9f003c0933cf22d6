import Glibc
import TactileSystem
import TactileInput
import TactileRecordings

/// `tactile record [--device PATH] [--seat SEAT] -o FILE`: writes what a touch device sends as
/// `libinput record` YAML, until SIGINT or SIGTERM. Without `--device` it records the first
/// touch device on the seat and says which on stderr, so a user with one touchpad or one
/// touchscreen needs no device path.
///
/// Each frame is written as it arrives, with one write(2) and no buffering: the file is a
/// complete recording after every frame, so killing the recorder loses nothing already read.
struct RecordCommand {
    var seat = "seat0"
    var devicePath: String?
    var outputPath: String?

    init(_ arguments: inout Arguments) throws(UsageError) {
        while let argument = arguments.next() {
            switch argument {
            case "--device": devicePath = try arguments.value(for: argument)
            case "--seat": seat = try arguments.value(for: argument)
            case "-o", "--output": outputPath = try arguments.value(for: argument)
            default: throw UsageError("unknown option '\(argument)' for record")
            }
        }
        guard outputPath != nil else { throw UsageError("record needs -o FILE") }
    }

    func run() throws {
        let node = try devicePath ?? firstTouchDevice()
        let loop = try EventLoop()
        defer { loop.removeAllHandlers() }
        let reader: RawEventReader
        do {
            reader = try RawEventReader(node: node, loop: loop)
        } catch {
            throw OutputError(message: "\(node): cannot read the device: \(error)")
        }
        guard reader.description.isTouchDevice else {
            throw OutputError(message: "\(node): \"\(reader.description.name)\" is not a touch device")
        }
        let output: FileDescriptor
        do {
            output = try FileDescriptor.openRegularFile(outputPath!, [.writeOnly, .create, .truncate])
        } catch .system(let error) {
            // ENOENT here is a missing directory: the errno says it better than "no such file".
            throw OutputError(message: "cannot create \(outputPath!): \(error)")
        } catch {
            throw OutputError(message: "cannot create \(outputPath!): \(error)")
        }
        defer { try? output.close() }
        var writer = LibinputRecordWriter(device: reader.description, node: node, kernel: Self.kernel(), dmi: Self.dmi())
        do {
            try output.writeAll(writer.header)
        } catch {
            throw OutputError(message: "cannot write \(outputPath!): \(error)")
        }
        StandardError.write("tactile: recording \(node) \"\(reader.description.name)\" to \(outputPath!); Ctrl-C stops\n")

        var failure: Error?
        reader.onFrame = { frame in
            do {
                try output.writeAll(writer.frame(frame))
            } catch {
                failure = OutputError(message: "cannot write \(outputPath!): \(error)")
                loop.stop()
            }
        }
        reader.onEnd = { error in
            if error != .noSuchDevice { failure = OutputError(message: "\(node): reading stopped: \(error)") }
            StandardError.write("tactile: \(node) is gone; recording ends\n")
            loop.stop()
        }
        loop.onSignal = { signal in
            if signal == .interrupt || signal == .terminate { loop.stop() }
        }
        do {
            try reader.start()
        } catch {
            throw OutputError(message: "\(node): cannot read the device: \(error)")
        }
        try loop.run()
        reader.stop()
        if let failure { throw failure }
    }

    private func firstTouchDevice() throws -> String {
        guard let first = try TouchDeviceInfo.list(.seat(seat)).first else {
            throw OutputError(message: "no touch device on \(seat) (is this user in the 'input' group?); name one with --device")
        }
        return first.node
    }

    /// The kernel release, as `uname -r` prints it.
    private static func kernel() -> String {
        var names = utsname()
        uname(&names)
        return withUnsafeBytes(of: names.release) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// The machine's DMI modalias, which libinput's quirks match on; empty where there is none.
    /// The file is one line.
    private static func dmi() -> String {
        guard let bytes = try? FileDescriptor.contents(ofFile: "/sys/class/dmi/id/modalias", limit: 4096) else { return "" }
        return String(decoding: bytes.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self)
    }
}
