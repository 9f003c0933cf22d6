/// A Tactile binding made from a line of another tool's configuration, with the line it came from
/// and what it does differently, both written as comments above it.
struct ConvertedBinding: Equatable {
    /// Tactile's gesture: `drag`, `magnify`, `rotate`, `long-press`, `tap`.
    var gesture: String
    /// `KEY=VALUE` conditions in the order they are written.
    var conditions: [Condition] = []
    var action: ConvertedAction
    var source: SourceLine
    /// Where it does not do exactly what the source did, one phrase each.
    var notes: [String] = []

    struct Condition: Equatable {
        var key: String
        var value: String
    }

    init(_ gesture: String, _ conditions: [(String, String?)], _ action: ConvertedAction, source: SourceLine,
         notes: [String] = []) {
        self.gesture = gesture
        self.conditions = conditions.compactMap { key, value in value.map { Condition(key: key, value: $0) } }
        self.action = action
        self.source = source
        self.notes = notes
    }

    /// The binding's line, or nil when its action cannot be written (see `ConvertedAction.text`).
    var text: String? {
        guard let action = action.text else { return nil }
        let conditions = conditions.map { " \($0.key)=\($0.value)" }.joined()
        return "\(gesture)\(conditions) => \(action)"
    }

    /// The same binding with one more condition, or a condition's value replaced.
    func with(_ key: String, _ value: String) -> ConvertedBinding {
        var binding = self
        if let index = binding.conditions.firstIndex(where: { $0.key == key }) {
            binding.conditions[index].value = value
        } else {
            binding.conditions.append(Condition(key: key, value: value))
        }
        return binding
    }
}
