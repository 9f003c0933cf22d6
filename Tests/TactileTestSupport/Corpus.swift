import Foundation
import Testing

/// Real recordings for the tests, from two places: the repository's own `Recordings/` (and its
/// `malformed/`), which every clone has, and the development corpus (`../shared/corpus` beside the
/// checkout, or TACTILE_CORPUS), which only the team's machines and CI have. A bundled file is a
/// byte-exact copy of the corpus file of the same name, so a test reads it from `Recordings/`
/// wherever the corpus is absent or present.
public enum Corpus {
    public static let directory = ProcessInfo.processInfo.environment["TACTILE_CORPUS"].map(URL.init(fileURLWithPath:))
        ?? repository.appendingPathComponent("../shared/corpus").standardizedFileURL

    /// The checkout these tests were built from.
    public static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()
        .appendingPathComponent("../..")
        .standardizedFileURL

    /// The bundled recordings: those a user's clone replays, then the unusable ones the error tests need.
    public static let bundledDirectories = [
        repository.appendingPathComponent("Recordings"),
        repository.appendingPathComponent("Recordings/malformed"),
    ]

    /// Whether the development corpus is beside this checkout.
    public static let isPresent = FileManager.default.fileExists(atPath: directory.appendingPathComponent("CATALOGUE.md").path)

    /// CI sets TACTILE_REQUIRE_CORPUS=1: there the corpus must be present, so its tests run.
    public static let isRequired = ProcessInfo.processInfo.environment["TACTILE_REQUIRE_CORPUS"] == "1"

    /// A bundled copy when there is one, else the corpus file.
    public static func path(_ name: String) -> String {
        for bundled in bundledDirectories {
            let candidate = bundled.appendingPathComponent(name).path
            if FileManager.default.fileExists(atPath: candidate) { return candidate }
        }
        return directory.appendingPathComponent(name).path
    }

    /// Whether every file named can be read here, bundled or from the corpus.
    public static func has(_ names: String...) -> Bool {
        names.allSatisfy { FileManager.default.fileExists(atPath: path($0)) }
    }

    /// Every corpus recording: `bad-*` cases, `.desc` companions and CATALOGUE.md excluded; none
    /// when the corpus is absent (the tests over them are then skipped by `needsCorpus`).
    public static var recordingNames: [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return names.filter { !$0.hasPrefix("bad-") && !$0.hasSuffix(".desc") && !$0.hasSuffix(".md") }.sorted()
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

extension Trait where Self == ConditionTrait {
    /// Runs a test only where the development corpus is beside the checkout (CI, the team's
    /// machines); elsewhere it is reported as skipped with this reason.
    public static var needsCorpus: Self {
        .enabled(if: Corpus.isPresent, "needs the development corpus (../shared/corpus or TACTILE_CORPUS), which a user's clone does not have")
    }
}
