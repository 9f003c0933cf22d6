import TactileConfiguration
import TactileCore
import TactileProtocol

/// Decides which bindings fire for each gesture event, keeping the `every=` progress of
/// repeating bindings per touch sequence.
///
/// Per-application bindings replace generic ones event by event: when a binding with `app=`
/// matching the focused application matches an event, no generic binding fires for that event.
/// A generic binding for what the application does not bind (other fingers, another phase)
/// still fires, so binding one gesture in a browser keeps every other gesture working there.
/// Bindings of a declared gesture's name replace those of its kind the same way: a drag of
/// `hold-then-swipe` bound by name does not also fire every `drag` binding.
public struct BindingDispatcher {
    public let bindings: [Binding]
    /// For each binding with `every=`: the sequence it is counting in and the progress at which it
    /// last fired (or at which the gesture began).
    private(set) var baselines: [(sequence: UInt64, device: String, progress: Double)?]
    /// Kept only when a binding judges a direction on a phase other than `ended`.
    private var beginnings: GestureBeginnings?
    /// The gestures some binding asks a diagonal of: their directions are judged in eight ways.
    private let eightWayGestures: Set<GestureName>

    public init(bindings: [Binding]) {
        self.bindings = bindings
        baselines = Array(repeating: nil, count: bindings.count)
        if bindings.contains(where: { $0.direction != nil && $0.phase != .ended }) { beginnings = GestureBeginnings() }
        eightWayGestures = Set(bindings.filter { $0.direction?.isDiagonal == true }.compactMap(\.gesture))
    }

    /// The bindings `record` triggers while `application` has the focus, in file order.
    public mutating func bindingsTriggered(by record: GestureRecord, application: String? = nil) -> [Binding] {
        bindingsTriggered(by: record, in: matchContext(for: record, application: application))
    }

    /// What `record` is judged against besides itself; called once per record, as it keeps the
    /// `began` events of gestures in flight.
    mutating func matchContext(for record: GestureRecord, application: String?) -> BindingMatchContext {
        BindingMatchContext(application: application, beginning: beginnings?.beginning(of: record),
                            eightWay: eightWayGestures.contains(record.gesture))
    }

    /// The bindings that replace others for `record`: the first `app=` binding it matches (which
    /// replaces every generic one), and the first binding of its declared gesture's name it
    /// matches (which replaces those of its kind alone), by index.
    func replacers(for record: GestureRecord, in context: BindingMatchContext) -> (app: Int?, name: Int?) {
        let app = bindings.firstIndex { $0.app != nil && $0.matches(record, in: context) }
        let name = record.name == nil ? nil : bindings.firstIndex { $0.name != nil && $0.matches(record, in: context) }
        return (app, name)
    }

    /// Whether `binding` is replaced for an event by `replacers`.
    static func isReplaced(_ binding: Binding, by replacers: (app: Int?, name: Int?)) -> Bool {
        (replacers.app != nil && binding.app == nil) || (replacers.name != nil && binding.name == nil)
    }

    mutating func bindingsTriggered(by record: GestureRecord, in context: BindingMatchContext) -> [Binding] {
        let replacers = replacers(for: record, in: context)
        var triggered: [Binding] = []
        for (index, binding) in bindings.enumerated() {
            let replaced = Self.isReplaced(binding, by: replacers)
            guard let step = binding.every else {
                if !replaced && binding.matches(record, in: context) {
                    triggered.append(binding)
                }
                continue
            }
            guard record.gesture == binding.gesture else { continue }
            // Baselines follow the gesture whoever has the focus, so a repeating binding counts
            // from where the gesture was, not from where the focus last changed.
            let progress = binding.progress(of: record)
            let baseline = baselines[index]
            if record.phase == .began || baseline?.sequence != record.sequence || baseline?.device != record.device {
                baselines[index] = (record.sequence, record.device, progress)
            }
            if let start = baselines[index]?.progress, binding.everyWay.turnedBack(from: start, to: progress) {
                baselines[index]!.progress = progress
            }
            guard !replaced, binding.matches(record, in: context), let start = baselines[index]?.progress else { continue }
            if binding.everyWay.reached(step, from: start, to: progress) {
                triggered.append(binding)
                baselines[index] = (record.sequence, record.device, progress)
            }
        }
        return triggered
    }
}
