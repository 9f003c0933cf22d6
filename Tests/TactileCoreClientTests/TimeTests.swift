import Testing
import TactileCore

/// `Instant` and `Interval` as an app computes with them, and Swift's `Duration`.
@Suite("Time, from the public API")
struct TimeTests {
    @Test("Interval arithmetic", arguments: [
        (Interval.milliseconds(300) + .milliseconds(200), Interval.milliseconds(500)),
        (Interval.seconds(1) - .milliseconds(250), Interval.milliseconds(750)),
        (Interval.milliseconds(100) * 3, Interval.milliseconds(300)),
        (3 * Interval.milliseconds(100), Interval.milliseconds(300)),
        (Interval.milliseconds(100).scaled(by: 1.5), Interval.milliseconds(150)),
        (Interval.milliseconds(900) / 4, Interval(microseconds: 225_000)),
        (-Interval.milliseconds(5), Interval(microseconds: -5_000)),
        (Interval.zero, Interval(microseconds: 0)),
    ])
    func intervalArithmetic(_ computed: Interval, _ expected: Interval) {
        #expect(computed == expected)
    }

    @Test("Instant arithmetic")
    func instantArithmetic() {
        var time = Instant(seconds: 12.5)
        #expect(time == Instant(microseconds: 12_500_000))
        #expect(time + .milliseconds(500) == Instant(seconds: 13))
        #expect(Interval.milliseconds(500) + time == Instant(seconds: 13))
        #expect(time - .seconds(2.5) == Instant(seconds: 10))
        #expect(Instant(seconds: 13) - time == .milliseconds(500))
        time += .seconds(1)
        time -= .milliseconds(500)
        #expect(time == Instant(seconds: 13))
        #expect(Interval.milliseconds(500) / Interval.milliseconds(100) == 5)
    }

    @Test("to and from Duration", arguments: [
        (Duration.milliseconds(500), Interval.milliseconds(500)),
        (Duration.seconds(2), Interval.seconds(2)),
        (Duration.nanoseconds(1_499), Interval(microseconds: 1)),
        (Duration.nanoseconds(1_500), Interval(microseconds: 2)),
        (Duration.nanoseconds(-1_500), Interval(microseconds: -2)),
        (Duration.microseconds(-3), Interval(microseconds: -3)),
    ])
    func duration(_ duration: Duration, _ interval: Interval) {
        #expect(Interval(duration) == interval)
    }

    @Test("an Interval round-trips through Duration exactly")
    func durationRoundTrip() {
        for microseconds: Int64 in [0, 1, -1, 999_999, 1_000_001, 86_400_000_000] {
            let interval = Interval(microseconds: microseconds)
            #expect(Interval(Duration(interval)) == interval)
            #expect(interval.duration == Duration(interval))
        }
    }

    @Test("a long-press's minimum duration in seconds, as SwiftUI takes it, or as an Interval or a Duration")
    func minimumDuration() {
        #expect(LongPressGesture(minimumDuration: 1.25).minimumDuration == .milliseconds(1250))
        #expect(LongPressGesture(minimumDuration: .milliseconds(800)).minimumDuration == .milliseconds(800))
        #expect(LongPressGesture(minimumDuration: Interval(.milliseconds(800))).minimumDuration == .milliseconds(800))
        #expect(LongPressGesture().minimumDuration == .milliseconds(500))
    }
}
