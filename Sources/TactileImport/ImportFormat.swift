/// The configurations `tactile import` reads, each named as its project spells it.
public enum ImportFormat: String, CaseIterable, Sendable {
    /// `~/.config/libinput-gestures.conf`: one `gesture`, `device`, `swipe_threshold` or
    /// `timeout` line at a time.
    case libinputGestures = "libinput-gestures"
    /// `~/.config/fusuma/config.yml`: YAML, gesture › fingers › direction › what to run.
    case fusuma
    /// `~/.config/touchegg/touchegg.conf`: XML, applications › gestures › actions.
    case touchegg

    /// The format `text` is written in, told by its first words: Touchégg's XML element, fusuma's
    /// top-level YAML keys or document marker, libinput-gestures' line keywords; nil when none fits.
    public static func detect(_ text: String) -> ImportFormat? {
        for rawLine in text.split(whereSeparator: \.isNewline) {
            let line = rawLine.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
            if line.isEmpty || line.hasPrefix("#") { continue }
            if line.hasPrefix("<") { return .touchegg }
            if line.hasPrefix("---") { return .fusuma }
            let words = line.split(whereSeparator: \.isWhitespace)
            let first = words[0].hasSuffix(":") ? words[0].dropLast() : words[0]
            let rest = words.dropFirst()
            if rest.isEmpty || rest.first?.hasPrefix("#") == true, FusumaImport.topLevelKeys.contains(String(first)) {
                return .fusuma
            }
            if LibinputGesturesImport.keywords.contains(String(first)) { return .libinputGestures }
            return nil
        }
        return nil
    }

    /// `text`, the content of `file`, as a Tactile configuration and what could not be converted.
    public func convert(_ text: String, file: String) -> ConvertedConfiguration {
        switch self {
        case .libinputGestures: LibinputGesturesImport.convert(text, file: file)
        case .fusuma: FusumaImport.convert(text, file: file)
        case .touchegg: ToucheggImport.convert(text, file: file)
        }
    }
}
