import CLinuxIO
import Glibc

/// The signals the daemon handles through its event loop rather than asynchronously.
public enum Signal: Int32, Sendable, CaseIterable {
    /// Ctrl-C: stop, ending gestures in flight with `cancelled`.
    case interrupt = 2
    /// systemd's stop: the same as `interrupt`.
    case terminate = 15
    /// Reload the configuration.
    case hangUp = 1
    /// A bound command exited: reap it.
    case childExited = 17
}

/// A signalfd: the handled signals are blocked and arrive as readable records instead, so they
/// are handled between events, on the loop's thread, with no async-signal-safety concerns.
struct SignalDescriptor: ~Copyable {
    let descriptor: FileDescriptor

    /// Every `Signal`, as a mask.
    static var handledSignals: sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in Signal.allCases { sigaddset(&mask, signal.rawValue) }
        return mask
    }

    init() throws(Errno) {
        var mask = Self.handledSignals
        // Blocked before the threads libinput or udev may start, so they inherit the mask.
        let status = pthread_sigmask(SIG_BLOCK, &mask, nil)
        guard status == 0 else { throw Errno(rawValue: status) }
        descriptor = FileDescriptor(rawValue: try retryingOnInterrupt {
            signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        })
    }

    deinit { try? descriptor.close() }

    /// The next pending signal, or nil when none is left.
    func next() -> Signal? {
        var info = signalfd_siginfo()
        while let count = try? descriptor.read(&info), count == MemoryLayout<signalfd_siginfo>.size {
            if let signal = Signal(rawValue: Int32(info.ssi_signo)) { return signal }
        }
        return nil
    }
}
