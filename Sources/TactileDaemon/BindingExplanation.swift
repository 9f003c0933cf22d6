import TactileConfiguration
import TactileCore
import TactileProtocol

/// Why a gesture event did or did not fire the bindings of its gesture, for `--explain`: the
/// bindings it fired, and the nearest of the others (its kind's and its declared name's), each
/// with every reason it did not fire, fewest reasons first.
public struct BindingExplanation {
    /// Why a binding of the event's gesture did not fire.
    public enum Reason {
        /// A condition the event does not meet: what the binding asks, what the event has there
        /// (nil: nothing, as no application focused, or no direction yet).
        case failed(BindingCondition, wanted: String?, actual: String?)
        /// Every condition met, but the measure has not yet gone `step` the counted way since the
        /// binding last fired or the gesture began (`every=`).
        case repeatPending(step: Double, way: RepeatWay, travelled: Double, unit: Tunable.Unit?)
        /// Every condition met, but a binding the event also matches replaces it: one for the
        /// focused application (`because` `.app`) or for the declared gesture's name (`.name`).
        case replaced(by: Binding, because: BindingCondition)
    }

    /// A binding that did not fire, and why.
    public struct Miss {
        public let binding: Binding
        public let reasons: [Reason]
    }

    /// The most misses an explanation names: the nearest ones say what to change.
    public static let nearestShown = 3

    public let record: GestureRecord
    /// The focused application the `app=` conditions were judged against.
    public let application: String?
    public let fired: [Binding]
    /// The nearest bindings that did not fire: fewest reasons first, then in file order.
    public let nearest: [Miss]
    /// Whether any binding has `app=`, or an application is known; whether any binding has
    /// `device=`: the human lines then say the application and the device, which are otherwise
    /// noise.
    public let mentionsApplication: Bool
    public let mentionsDevice: Bool
}

extension BindingDispatcher {
    /// Whether `binding` is one of the bindings of `record`'s gesture: of its kind, or of its
    /// declared gesture's name. The others are never near: they bind something else.
    static func binds(_ binding: Binding, gestureOf record: GestureRecord) -> Bool {
        binding.gesture == record.gesture || (binding.name != nil && binding.name == record.name)
    }

    /// Why `record`, judged in `context`, fired `fired` and not the others; asked right after
    /// `bindingsTriggered(by:in:)` returned `fired`, so the `every=` baselines are those it used.
    func explanation(of record: GestureRecord, in context: BindingMatchContext, fired: [Binding]) -> BindingExplanation {
        let replacers = replacers(for: record, in: context)
        var misses: [BindingExplanation.Miss] = []
        for (index, binding) in bindings.enumerated() where Self.binds(binding, gestureOf: record) {
            guard !fired.contains(where: { $0.line == binding.line }) else { continue }
            var reasons = BindingCondition.checkOrder.filter { !binding.meets($0, record, in: context) }.map {
                BindingExplanation.Reason.failed($0, wanted: binding.wanted($0), actual: binding.actual($0, record, in: context))
            }
            if reasons.isEmpty, Self.isReplaced(binding, by: replacers) {
                let (by, because) = replacers.app != nil && binding.app == nil
                    ? (replacers.app!, BindingCondition.app) : (replacers.name!, BindingCondition.name)
                reasons = [.replaced(by: bindings[by], because: because)]
            } else if reasons.isEmpty, let step = binding.every, let start = baselines[index]?.progress {
                let travelled = binding.everyWay.travelled(from: start, to: binding.progress(of: record))
                reasons = [.repeatPending(step: step, way: binding.everyWay, travelled: travelled, unit: binding.repeatUnit)]
            }
            misses.append(BindingExplanation.Miss(binding: binding, reasons: reasons))
        }
        misses.sort { ($0.reasons.count, $0.binding.line) < ($1.reasons.count, $1.binding.line) }
        return BindingExplanation(record: record, application: context.application, fired: fired,
                                  nearest: Array(misses.prefix(BindingExplanation.nearestShown)),
                                  mentionsApplication: context.application != nil || bindings.contains { $0.app != nil },
                                  mentionsDevice: bindings.contains { $0.device != nil })
    }
}
