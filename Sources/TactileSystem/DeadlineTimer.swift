import CLinuxIO
import Glibc
import TactileCore

/// A timerfd on CLOCK_MONOTONIC armed at an absolute instant: the one timer the engines'
/// deadlines share. Absolute, so a late wake-up never shifts the next deadline.
struct DeadlineTimer: ~Copyable {
    let descriptor: FileDescriptor
    /// The instant it is armed at, so re-arming at the same deadline makes no system call.
    private(set) var armedAt: Instant?

    init() throws(Errno) {
        descriptor = FileDescriptor(rawValue: try retryingOnInterrupt {
            timerfd_create(CLOCK_MONOTONIC, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        })
    }

    deinit { try? descriptor.close() }

    /// Arms the timer at `deadline`, or disarms it for nil. A deadline already past fires at once.
    mutating func arm(at deadline: Instant?) throws(Errno) {
        guard deadline != armedAt else { return }
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
    }

    /// Clears the expiry so the descriptor stops being readable. The timer is then disarmed.
    mutating func acknowledge() {
        var expirations: UInt64 = 0
        _ = try? descriptor.read(&expirations)
        armedAt = nil
    }
}
