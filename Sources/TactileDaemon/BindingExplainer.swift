import TactileConfiguration
import TactileProtocol

/// `--explain` for bindings: dispatches each event as the runtime does and says why it fired
/// what it fired, as human lines or JSON Lines (`BindingExplanation`'s `text` and `jsonLine`).
///
/// Every `began`, `ended` and `cancelled` event is explained. A `changed` event is explained
/// only when some binding of its gesture is on `changed`, and only when its outcome (what fired,
/// which bindings are nearest, which of their conditions failed and on what values) differs from that
/// of the previous `changed` event of its gesture: a long drag says when a repeat fires and
/// when a condition starts or stops failing, not each of its hundreds of steps.
public struct BindingExplainer {
    /// A gesture in flight, as `GestureBeginnings` names one.
    private struct Key: Hashable {
        var device: String
        var sequence: UInt64
        var gesture: GestureName
    }

    /// What an explained `changed` event came to, by binding line: the outcome a later one is
    /// compared with. A repeat's progress is left out: it changes every event.
    private typealias Outcome = [String]

    /// Gestures in flight at once are a handful; a stream that lost its ends must not grow this
    /// without bound.
    static let capacity = 64

    public let format: ExplanationFormat
    private var lastChanged: [Key: Outcome] = [:]

    public init(format: ExplanationFormat) {
        self.format = format
    }

    /// The bindings `record` triggers while `application` has the focus, as
    /// `dispatcher.bindingsTriggered(by:application:)` finds them, and its explanation, ending in
    /// a newline; nil when the event is not one to explain.
    public mutating func bindingsTriggered(by record: GestureRecord, application: String? = nil,
                                           through dispatcher: inout BindingDispatcher) -> (bindings: [Binding], explanation: String?) {
        let context = dispatcher.matchContext(for: record, application: application)
        let fired = dispatcher.bindingsTriggered(by: record, in: context)
        let key = Key(device: record.device, sequence: record.sequence, gesture: record.gesture)
        switch record.phase {
        case .began:
            lastChanged[key] = nil
        case .ended, .cancelled:
            lastChanged.removeValue(forKey: key)
        case .changed:
            guard dispatcher.bindings.contains(where: { $0.phase == .changed && BindingDispatcher.binds($0, gestureOf: record) })
            else { return (fired, nil) }
        }
        let explanation = dispatcher.explanation(of: record, in: context, fired: fired)
        if record.phase == .changed {
            let outcome = Self.outcome(of: explanation)
            guard lastChanged[key] != outcome else { return (fired, nil) }
            if lastChanged.count >= Self.capacity { lastChanged.removeAll(keepingCapacity: true) }
            lastChanged[key] = outcome
        }
        return (fired, format == .human ? explanation.text : explanation.jsonLine)
    }

    private static func outcome(of explanation: BindingExplanation) -> Outcome {
        explanation.fired.map { "fired \($0.line)" } + explanation.nearest.map { miss in
            "missed \(miss.binding.line): " + miss.reasons.map { reason in
                switch reason {
                case .failed(let condition, _, let actual): "\(condition.rawValue) \(actual ?? "")"
                case .repeatPending: "every"
                case .replaced(let by, _): "replaced \(by.line)"
                }
            }.joined(separator: ", ")
        }
    }
}
