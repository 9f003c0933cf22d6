import TactileCore
import TactileEvdev
import TactileProtocol
import TactileConfiguration

/// `--explain[=human|json]`: each device's gestures wrapped in `Explained`, their decisions
/// written to standard error as they are taken, so standard output stays the stream, byte for
/// byte what it is without the option.
final class ExplanationWriter {
    let format: ExplanationFormat
    /// The file each line names first, in a replay of several.
    let file: String?
    /// The declared gestures' names, label 1 first: what a decision of one calls it.
    var gestureNames: [String] {
        get { names.current }
        set { names.current = newValue }
    }
    /// Where the logs read the names, which a reload changes: a box of their own, so a log
    /// holds neither the writer nor a copy that goes stale.
    private final class Names {
        var current: [String]
        init(_ names: [String]) { current = names }
    }
    private let names: Names

    init(format: ExplanationFormat, file: String? = nil, gestureNames: [String]) {
        self.format = format
        self.file = file
        names = Names(gestureNames)
    }

    /// Parses the option: `--explain` (human) or `--explain=FORMAT`; nil for another argument.
    static func format(of argument: String) throws(UsageError) -> ExplanationFormat? {
        guard argument == "--explain" || argument.hasPrefix("--explain=") else { return nil }
        guard argument != "--explain" else { return .human }
        let word = String(argument.dropFirst("--explain=".count))
        guard let format = ExplanationFormat(rawValue: word) else {
            throw UsageError("--explain= expects human or json, got '\(word)'")
        }
        return format
    }

    /// `setup` with its gestures explained, into a log that names `device`. Each decision
    /// carries the `seq` of the engine that stepped it, so a log needs no identity of its own.
    func explained<Root: Gesture>(_ setup: DeviceSetup<Root>, device: DeviceDescription) -> DeviceSetup<Explained<Root>> {
        let format = format, file = file, names = names, name = device.name
        let log = ExplanationLog { explanation in
            StandardError.write(format.line(explanation, device: name, file: file, gestureNames: names.current))
        }
        let gestures = setup.gestures
        return DeviceSetup(settings: setup.settings, gestures: { Explained(gestures($0), log: log) })
    }
}
