import Testing
import TactileCore
import TactileConfiguration

/// Configurations the fuzz target (`scripts/fuzz configuration`) found that crashed or hung:
/// each must now be an error naming its line and column, or work in reasonable time.
@Suite("Fuzz findings: configuration")
struct ConfigurationFuzzFindingTests {
    private func error(_ text: String) -> String? {
        do {
            _ = try Configuration.parse(text, file: "c")
            return nil
        } catch {
            return error.description
        }
    }

    @Test("a duration too long for an Interval is an error, not a conversion trap")
    func durationBeyondInterval() {
        #expect(error("[tuning]\ntap.maximum-duration = 22222222222222222222222300ms\n")
            == "c:2:24: expected a duration such as 300ms or 0.5s for tap.maximum-duration, got '22222222222222222222222300ms'")
        #expect(error("[bindings]\ndrag timeout=99999999999999999999s => true\n")
            == "c:2:14: expected a duration such as 5s, at most 86400s (a day)")
    }

    @Test("a long-press ticking faster than every 10 ms is an error, not a flood of events")
    func longPressIntervalBelowTenMilliseconds() {
        #expect(error("[tuning]\nlong-press.interval = 1us\n")
            == "c:2:23: expected a duration of at least 10ms such as 100ms for long-press.interval, got '1us'")
        #expect(error("[gestures]\npress = long-press(interval: 9ms)\n")
            == "c:2:30: expected a duration of at least 10ms such as 100ms for interval, got '9ms'")
        #expect(error("[tuning]\nlong-press.interval = 10ms\n[gestures]\npress = long-press(interval: 10ms)\n") == nil)
    }

    @Test("thousands of nested parentheses are an error, not a stack overflow")
    func deeplyNestedParentheses() {
        let line = "x = " + String(repeating: "(", count: 5_000) + "tap" + String(repeating: ")", count: 5_000)
        #expect(error("[gestures]\n" + line) == "c:2:21: parentheses nested more than 16 deep")
        let sixteen = "x = " + String(repeating: "(", count: 16) + "tap" + String(repeating: ")", count: 16)
        #expect(error("[gestures]\n" + sixteen) == nil)
    }

    @Test("a device pattern of many stars matches in linear time, not exponential", .timeLimit(.minutes(1)))
    func manyStarPattern() throws {
        let configuration = try Configuration.parse(
            "[tuning \"" + String(repeating: "*", count: 40) + "x\"]\ndrag.minimum-distance = 9mm\n"
                + "[tuning \"W*c*m*Finger\"]\ntap.window = 0.2s\n", file: "c")
        let name = String(repeating: "Wacom ISDv4 E6 Finger ", count: 10)
        #expect(configuration.tuning(forDevice: name, base: GestureTuning())[.dragMinimumDistance] == 5)
        #expect(configuration.tuning(forDevice: name + "x", base: GestureTuning())[.dragMinimumDistance] == 9)
        #expect(configuration.tuning(forDevice: "Wacom ISDv4 E6 Finger", base: GestureTuning())[duration: .tapWindow] == .milliseconds(200))
        #expect(configuration.tuning(forDevice: "Wacom ISDv4 E6 Pen", base: GestureTuning())[duration: .tapWindow] == .milliseconds(300))
    }
}
