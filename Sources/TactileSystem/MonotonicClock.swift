import Glibc
import TactileCore

/// CLOCK_MONOTONIC now: the clock libinput and evdev stamp events with, and of the daemon's own
/// deadlines (command timeouts, socket draining), so all of them share the event loop's timer.
public func monotonicNow() -> Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000)
}
