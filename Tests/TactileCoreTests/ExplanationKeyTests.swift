import Testing
@testable import TactileCore

/// An explanation names its threshold by the key a configuration sets it with: every key it can
/// name is one `tactile config --default` prints.
@Suite("Explanation keys")
struct ExplanationKeyTests {
    @Test("every key a decision names is a tuning key, or edge-swipes")
    func keysAreTuningKeys() {
        let keys = Set(GestureRegistry.tuningKeys.map(\.key) + ["edge-swipes"])
        var named: Set<String> = []
        for reason in Explanation.Reason.allCases {
            for kind in GestureKind.allCases {
                let explanation = Explanation(time: Instant(microseconds: 0), sequence: 1, kind: kind, reason: reason)
                if let key = explanation.key {
                    #expect(keys.contains(key), "\(reason) of \(kind) names \(key)")
                    named.insert(key)
                }
            }
        }
        // Every threshold a recognizer decides by is named by some decision; the long-press's
        // tick interval decides nothing.
        #expect(keys.subtracting(named) == ["long-press.interval"])
    }
}
