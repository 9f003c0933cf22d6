import CLinuxIO
import Glibc
import TactileCore

/// A timerfd on CLOCK_MONOTONIC armed at an absolute instant: the one timer the engines'
/// deadlines share. Absolute, so a late wake-up never shifts the next deadline.
struct DeadlineTimer: ~Copyable {
    let descriptor: FileDescriptor
    /// The instant it is armed at, so re-arming at the same deadline makes no system call.
    private(set) var armedAt: Instant?
    /// It expired and nothing has been armed since: the descriptor stays readable until the
    /// next `arm`, which therefore always makes its call.
    private var expired = false

    init() throws(Errno) {
        descriptor = FileDescriptor(rawValue: try retryingOnInterrupt {
            timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        })
    }

    deinit { try? descriptor.close() }

    /// Arms the timer at `deadline`, or disarms it for nil. A deadline already past fires at once.
    mutating func arm(at deadline: Instant?) throws(Errno) {
        guard expired || deadline != armedAt else { return }
        var setting = itimerspec()
        if let deadline {
            // 0 would disarm: an instant at or before the clock's origin fires as soon as possible.
            let microseconds = max(deadline.microseconds, 1)
            setting.it_value.tv_sec = Int(microseconds / 1_000_000)
            setting.it_value.tv_nsec = Int(microseconds % 1_000_000) * 1_000
        }
        _ = try retryingOnInterrupt {
            timerfd_settime(descriptor.rawValue, Int32(TFD_TIMER_ABSTIME), &setting, nil)
        }
        armedAt = deadline
        expired = false
    }

    /// The timer expired; the caller arms it again (or disarms it) before it waits. That call
    /// also clears the expiry (`timerfd_settime` resets the count), so the descriptor is never
    /// read: a system call per expiry saved.
    mutating func acknowledge() {
        armedAt = nil
        expired = true
    }
}
