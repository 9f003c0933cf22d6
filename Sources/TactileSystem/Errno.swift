import Glibc

/// A failed system call's `errno`, as a value that prints its name (`EAGAIN`, not 11).
public struct Errno: Error, Equatable, Hashable, Sendable, CustomStringConvertible {
    public var rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    /// The calling thread's `errno`, read right after the call that set it.
    static var current: Errno { Errno(rawValue: Glibc.errno) }

    public static let interrupted = Errno(rawValue: EINTR)
    public static let wouldBlock = Errno(rawValue: EAGAIN)
    public static let noSuchDevice = Errno(rawValue: ENODEV)
    public static let brokenPipe = Errno(rawValue: EPIPE)

    /// The symbolic name, for logs that say what happened (`ENODEV`), with the message.
    public var name: String {
        switch rawValue {
        case EPERM: "EPERM"
        case ENOENT: "ENOENT"
        case EINTR: "EINTR"
        case EIO: "EIO"
        case ENXIO: "ENXIO"
        case EBADF: "EBADF"
        case EAGAIN: "EAGAIN"
        case ENOMEM: "ENOMEM"
        case EACCES: "EACCES"
        case EBUSY: "EBUSY"
        case EEXIST: "EEXIST"
        case ENODEV: "ENODEV"
        case ENOTDIR: "ENOTDIR"
        case EISDIR: "EISDIR"
        case EINVAL: "EINVAL"
        case EMFILE: "EMFILE"
        case ENFILE: "ENFILE"
        case ENOBUFS: "ENOBUFS"
        case ENOTTY: "ENOTTY"
        case ENOSPC: "ENOSPC"
        case EPIPE: "EPIPE"
        case ENOSYS: "ENOSYS"
        case ECONNRESET: "ECONNRESET"
        case ECONNREFUSED: "ECONNREFUSED"
        default: "errno \(rawValue)"
        }
    }

    public var description: String { "\(name) (\(String(cString: strerror(rawValue))))" }
}

/// Runs a system call until it is not interrupted by a signal; a negative result becomes the
/// `Errno` it set. Every wrapper goes through here, so no caller ever sees EINTR.
@inline(__always)
func retryingOnInterrupt<Result: BinaryInteger>(_ call: () -> Result) throws(Errno) -> Result {
    while true {
        let result = call()
        if result >= 0 { return result }
        let error = Errno.current
        if error != .interrupted { throw error }
    }
}
