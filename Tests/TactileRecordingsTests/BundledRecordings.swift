import Foundation
import TactileProtocol
import TactileRecordings
import Testing

/// The recordings in the repository's `Recordings/`, listed in its `manifest.tsv`, each with the
/// output a person checked beside it (`NAME.expected.jsonl`).
struct BundledRecording: CustomTestStringConvertible, Sendable {
    static let directory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../Recordings")
        .standardizedFileURL

    let name: String
    let descriptionName: String?
    let whatWasDone: String

    var testDescription: String { "\(name) (\(whatWasDone))" }
    var path: String { Self.directory.appendingPathComponent(name).path }
    var descriptionPath: String? { descriptionName.map { Self.directory.appendingPathComponent($0).path } }
    var expectedPath: String { path + ".expected.jsonl" }

    static let all: [BundledRecording] = {
        let manifest = (try? String(contentsOf: directory.appendingPathComponent("manifest.tsv"), encoding: .utf8)) ?? ""
        return manifest.split(separator: "\n").compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard fields.count == 3 else { return nil }
            return BundledRecording(name: fields[0], descriptionName: fields[1] == "-" ? nil : fields[1],
                                    whatWasDone: fields[2])
        }
    }()

    /// Replays the recording exactly as `tactile replay` does and returns the JSON Lines.
    func replay() throws -> [UInt8] {
        Self.replay(try RecordingLoader.load(path: path, descriptionPath: descriptionPath))
    }

    /// Replays `recording` exactly as `tactile replay` does and returns the JSON Lines.
    static func replay(_ recording: Recording) -> [UInt8] {
        var replayer = Replayer(recording: recording)
        let encoders = replayer.devices.map { JSONLinesEncoder(deviceName: $0.description.name, surface: SurfaceKind(direct: $0.description.isDirect)) }
        var output: [UInt8] = []
        replayer.run(gesture: { device, event in encoders[device].encode(event, into: &output) })
        return output
    }
}
