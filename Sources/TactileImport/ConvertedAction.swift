/// What a converted binding does, as Tactile writes it after `=>`.
enum ConvertedAction: Equatable {
    /// A command's argv, started directly.
    case command([String])
    /// `key A+B`, with kernel key names.
    case key([String])
    /// `key-down A+B`: held until `key-up` or the gesture's end.
    case keyDown([String])
    /// `key-up A+B`.
    case keyUp([String])
    /// `button left|right|middle`: a click.
    case button(String)
    /// `button-down left|right|middle`: held until the gesture's end.
    case buttonDown(String)

    /// Whether it holds keys or a button down, which Tactile lets go of when the gesture ends
    /// (see `BindingAction.holdsDownFor(_:)`).
    var holds: Bool {
        switch self {
        case .keyDown, .buttonDown: true
        case .command, .key, .keyUp, .button: false
        }
    }

    /// The text after `=>`, or nil when a command word holds both kinds of quote, which no
    /// Tactile word can.
    var text: String? {
        switch self {
        case .command(let words): CommandWords.configurationText(words)
        case .key(let keys): "key " + keys.joined(separator: "+")
        case .keyDown(let keys): "key-down " + keys.joined(separator: "+")
        case .keyUp(let keys): "key-up " + keys.joined(separator: "+")
        case .button(let button): "button " + button
        case .buttonDown(let button): "button-down " + button
        }
    }
}
