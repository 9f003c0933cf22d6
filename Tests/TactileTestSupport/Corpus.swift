import Foundation

/// The shared corpus of real recordings (`/work/shared/corpus`), found from this file's path,
/// or at TACTILE_CORPUS.
public enum Corpus {
    public static let directory = ProcessInfo.processInfo.environment["TACTILE_CORPUS"].map(URL.init(fileURLWithPath:))
        ?? URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../../../shared/corpus")
        .standardizedFileURL

    public static func path(_ name: String) -> String {
        directory.appendingPathComponent(name).path
    }

    /// Every corpus recording: `bad-*` cases, `.desc` companions and CATALOGUE.md excluded.
    ///
    /// A test parameterized over these runs no case at all when the list is empty, and passes:
    /// a missing corpus would go unnoticed. So then the list holds one name that says what is
    /// missing, and each such test fails on it.
    public static var recordingNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        let recordings = names.filter { !$0.hasPrefix("bad-") && !$0.hasSuffix(".desc") && $0.hasSuffix(".md") == false }
        guard !recordings.isEmpty else { return ["MISSING: no recordings in \(directory.path)"] }
        return recordings.sorted()
    }

    /// The `.desc` an events-only file belongs to: the name up to its first dot, as the
    /// corpus names them (`evd-ntrig.1-finger-drag-NW-SE.events` → `evd-ntrig.desc`).
    public static func descriptionPath(for name: String) -> String? {
        guard name.hasSuffix(".events"), let stem = name.split(separator: ".").first else { return nil }
        let candidate = path("\(stem).desc")
        return FileManager.default.fileExists(atPath: candidate) ? candidate : nil
    }

    /// Writes `contents` to a fresh temporary file and returns its path.
    public static func temporaryFile(_ contents: String, name: String = "recording.txt") -> String {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("tactile-recordings-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appendingPathComponent(name)
        try? Data(contents.utf8).write(to: url)
        return url.path
    }
}
