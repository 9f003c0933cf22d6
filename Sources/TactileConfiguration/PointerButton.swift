/// A button of the virtual pointer, for `=> button left|right|middle`.
public enum PointerButton: String, CaseIterable, Sendable {
    case left, right, middle

    /// `BTN_LEFT`, `BTN_RIGHT`, `BTN_MIDDLE` of `input-event-codes.h`.
    public var code: KeyCode {
        switch self {
        case .left: KeyCode(rawValue: 0x110)
        case .right: KeyCode(rawValue: 0x111)
        case .middle: KeyCode(rawValue: 0x112)
        }
    }

    public init?(code: KeyCode) {
        guard let button = Self.allCases.first(where: { $0.code == code }) else { return nil }
        self = button
    }
}
