import Foundation
import Testing

/// The configuration files other gesture tools ship, for `tactile import`'s tests: fusuma's (MIT)
/// are in the repository (`Tests/TactileImportTests/Fixtures/fusuma`); libinput-gestures' and
/// Touchégg's (GPL-3) are fetched by `scripts/peer-configs` into `.build/peer-configs`, or where
/// TACTILE_PEER_CONFIGS points.
public enum PeerConfigurations {
    public static let directory = ProcessInfo.processInfo.environment["TACTILE_PEER_CONFIGS"].map(URL.init(fileURLWithPath:))
        ?? Corpus.repository.appendingPathComponent(".build/peer-configs")

    /// libinput-gestures' `libinput-gestures.conf`.
    public static let libinputGestures = directory.appendingPathComponent("libinput-gestures/libinput-gestures.conf")
    /// Touchégg's `installation/touchegg.conf`.
    public static let touchegg = directory.appendingPathComponent("touchegg/installation/touchegg.conf")

    /// The repository's own fixtures of the import tests.
    public static let fixtures = Corpus.repository.appendingPathComponent("Tests/TactileImportTests/Fixtures")

    public static var arePresent: Bool {
        FileManager.default.fileExists(atPath: libinputGestures.path) && FileManager.default.fileExists(atPath: touchegg.path)
    }
}

extension Trait where Self == ConditionTrait {
    /// Runs a test only where `scripts/peer-configs` fetched libinput-gestures' and Touchégg's
    /// shipped configurations; elsewhere it is reported as skipped with this reason.
    public static var needsPeerConfigurations: Self {
        .enabled(if: PeerConfigurations.arePresent,
                 "needs libinput-gestures' and Touchégg's shipped configurations: run scripts/peer-configs (GPL-3 files, not in the repository)")
    }
}
