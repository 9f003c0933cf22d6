import Glibc
import TactileCore

/// CLOCK_MONOTONIC now, the clock of device events and of the daemon's timers: command timeouts
/// and socket draining here, so their deadlines share the event loop's timer as they are.
func monotonicNow() -> Instant {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Instant(microseconds: Int64(time.tv_sec) * 1_000_000 + Int64(time.tv_nsec) / 1_000)
}
