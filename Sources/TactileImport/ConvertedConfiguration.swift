import TactileConfiguration
import TactileCore

/// What `tactile import` made of a file: Tactile's tuning and bindings, each under a comment
/// naming the line it came from, and every line it could not convert, with why.
public struct ConvertedConfiguration: Sendable {
    public let format: ImportFormat
    /// The file as named on the command line, which the comments and reports name too.
    public let file: String
    var settings: [ConvertedSetting] = []
    /// Bindings, and the lines that became a comment only, in the order of the source.
    var entries: [Entry] = []
    /// Said once, at the top: what holds for every binding.
    var headerNotes: [String] = []
    /// What could not be converted, in the order met.
    public private(set) var omissions: [Omission] = []

    /// A line of the `[bindings]` section.
    enum Entry: Equatable {
        case binding(ConvertedBinding)
        /// A line with no binding to show for it but a comment: Touchégg's window actions.
        case remark(SourceLine, String)
        /// A line that could not be converted, shown where it was.
        case omitted(Omission)

        var line: Int {
            switch self {
            case .binding(let binding): binding.source.number
            case .remark(let source, _): source.number
            case .omitted(let omission): omission.line.number
            }
        }
    }

    init(format: ImportFormat, file: String) {
        self.format = format
        self.file = file
    }

    /// `FILE:LINE: what it said: why` for each omission, in the order of the file's lines.
    public var reports: [String] {
        omissions.enumerated().sorted { ($0.element.line.number, $0.offset) < ($1.element.line.number, $1.offset) }
            .map { $0.element.report(file: file) }
    }

    /// Every line was converted: `tactile import` exits 0.
    public var isComplete: Bool { omissions.isEmpty }

    /// The bindings converted, for tests.
    var bindings: [ConvertedBinding] {
        entries.compactMap { if case .binding(let binding) = $0 { binding } else { nil } }
    }

    mutating func add(_ binding: ConvertedBinding) {
        guard binding.text != nil else {
            omit(binding.source, "a word of its command holds both ' and \", or a line break, which no word of a Tactile "
                 + "configuration can")
            return
        }
        let phase = binding.conditions.first { $0.key == "phase" }.flatMap { GesturePhase(rawValue: $0.value) } ?? .ended
        guard !binding.action.holds || BindingAction.holdsDownFor(phase) else {
            omit(binding.source, "it holds down past the gesture's end, until a later command lets go; Tactile lets go of held "
                 + "keys and buttons when a gesture ends, so bound to phase=\(phase.rawValue) it would hold nothing")
            return
        }
        entries.append(.binding(binding))
    }

    mutating func add(_ setting: ConvertedSetting) { settings.append(setting) }

    /// Every binding, once for each of `devices` (names or globs), as `device="NAME"`: a tool
    /// that read only those devices.
    mutating func limitBindings(toDevices devices: [String]) {
        entries = entries.flatMap { entry -> [Entry] in
            guard case .binding(let binding) = entry else { return [entry] }
            return devices.map { .binding(binding.with("device", "\"\($0)\"")) }
        }
    }

    mutating func remark(_ line: SourceLine, _ text: String) { entries.append(.remark(line, text)) }

    /// Said once for a line, however many bindings it would have become.
    mutating func omit(_ line: SourceLine, _ reason: String) {
        let omission = Omission(line, reason)
        guard !omissions.contains(omission) else { return }
        omissions.append(omission)
        entries.append(.omitted(omission))
    }

    mutating func note(_ text: String) {
        if !headerNotes.contains(text) { headerNotes.append(text) }
    }

    /// The configuration as `tactile import` writes it: a `[tuning]` section when a setting
    /// needs one, then `[bindings]`; a comment names the source line above each group of lines
    /// it became.
    public var text: String {
        var lines = ["# Converted by `tactile import` from \(file.onOneLine) (\(format.rawValue)).",
                     "# Above each binding, the line it came from and what it does differently."]
        if !omissions.isEmpty {
            lines.append("# \(omissions.count) \(omissions.count == 1 ? "line" : "lines") could not be converted: "
                         + "they are marked 'not converted' below, and were reported on stderr.")
        }
        lines += headerNotes.map { "# " + $0 }
        if !settings.isEmpty {
            lines += ["", "[tuning]"]
            for setting in settings {
                lines += comment(setting.source, setting.notes)
                lines.append("\(setting.key) = \(setting.value)")
            }
        }
        lines += ["", "[bindings]"]
        var previous: SourceLine?
        for entry in orderedEntries {
            switch entry {
            case .binding(let binding):
                if binding.source != previous {
                    lines.append("")
                    lines += comment(binding.source, binding.notes)
                }
                previous = binding.source
                lines.append(binding.text!)
            case .remark(let source, let text):
                lines += [""] + comment(source, [text])
                previous = nil
            case .omitted(let omission):
                lines += [""] + comment(omission.line, ["not converted: " + omission.reason])
                previous = nil
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The entries in the order of their source lines; those of one line in the order made.
    private var orderedEntries: [Entry] {
        entries.enumerated().sorted { ($0.element.line, $0.offset) < ($1.element.line, $1.offset) }.map(\.element)
    }

    /// `# FILE:LINE: text`, then each note indented under it.
    private func comment(_ source: SourceLine, _ notes: [String]) -> [String] {
        ["# \(file.onOneLine):\(source.number): \(source.text)"] + notes.map { "#   " + $0.onOneLine }
    }
}
