import TactileCore
import TactileEvdev

/// A stream short enough to stay in the processor's cache, run lap after lap, each lap later than
/// the one before by the lap's length.
///
/// A live engine's frame is in cache: the decoder has just written it. A stream as long as the
/// run (2 M frames, 544 MB) is not, and reading it from memory cost the core 4–5 % of its time
/// in side-by-side runs, which it never pays live.
struct Lap<Element: Timestamped> {
    private(set) var elements: [Element]
    /// From the first element's time to the time the next lap's first element takes.
    let duration: Interval

    init(_ elements: [Element], duration: Interval) {
        self.elements = elements
        self.duration = duration
    }

    /// Moves every element on by one lap, in place.
    mutating func moveOn() {
        for index in elements.indices { elements[index].time = elements[index].time + duration }
    }

    /// How many laps make at least `count` elements.
    func laps(covering count: Int) -> Int { max(1, (count + elements.count - 1) / elements.count) }
}

/// A value that carries its time.
protocol Timestamped {
    var time: Instant { get set }
}

extension TouchFrame: Timestamped {}
extension InputEvent: Timestamped {}
