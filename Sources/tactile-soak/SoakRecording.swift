/// A bundled evemu recording played over and over, `gap` seconds apart, for at least `minutes`
/// of input time: gestures whose output is known, as long as the soak needs.
enum SoakRecording {
    /// Writes it to `path`; returns how many times the recording repeats.
    static func write(from source: String, minutes: Double, gap: Double = 0.5, to path: String) -> Int {
        let lines = readText(source).split(separator: "\n", omittingEmptySubsequences: false)
        guard !lines.isEmpty else { fail("cannot read \(source)") }
        let header = lines.filter { !$0.hasPrefix("E: ") && !$0.isEmpty }
        // E: SECONDS TYPE CODE VALUE [# comment]
        let events = lines.filter { $0.hasPrefix("E: ") }.map { $0.split(separator: " ", maxSplits: 5) }
        let first = Double(events.first![1])!, last = Double(events.last![1])!
        let period = last - first + gap
        let times = Int((minutes * 60 / period).rounded(.up))
        var output = header.joined(separator: "\n") + "\n"
        output.reserveCapacity(events.count * times * 36)
        for repetition in 0..<times {
            let shift = Double(repetition) * period
            for event in events {
                let microseconds = Int64(((Double(event[1])! + shift) * 1_000_000).rounded())
                let fraction = String(microseconds % 1_000_000)
                output += "E: \(microseconds / 1_000_000).\(String(repeating: "0", count: 6 - fraction.count))\(fraction) "
                    + "\(event[2]) \(event[3]) \(event[4].prefix { !$0.isWhitespace })\n"
            }
        }
        writeText(output, to: path)
        return times
    }
}
