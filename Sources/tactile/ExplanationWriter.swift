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
    var gestureNames: [String]
    /// Each device's log, kept across reloads so its touch sequences are numbered on, as the
    /// engine numbers them.
    private var logs: [String: ExplanationLog] = [:]

    init(format: ExplanationFormat, file: String? = nil, gestureNames: [String]) {
        self.format = format
        self.file = file
        self.gestureNames = gestureNames
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

    /// `setup` with its gestures explained, into the log of the device it is for.
    func explained<Root: Gesture>(_ setup: DeviceSetup<Root>, device: DeviceDescription) -> DeviceSetup<Explained<Root>> {
        let log = log(for: device.name)
        let gestures = setup.gestures
        return DeviceSetup(settings: setup.settings, gestures: { Explained(gestures($0), log: log) })
    }

    private func log(for device: String) -> ExplanationLog {
        if let log = logs[device] { return log }
        let log = ExplanationLog { [unowned self] explanation in
            StandardError.write(self.format.line(explanation, device: device, file: self.file,
                                                 gestureNames: self.gestureNames))
        }
        logs[device] = log
        return log
    }
}
