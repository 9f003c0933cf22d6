import CLinuxIO
import Glibc

/// An epoll instance: which descriptors to wait on, each tagged with a token the caller chooses.
struct Epoll: ~Copyable {
    let descriptor: FileDescriptor

    init() throws(Errno) {
        descriptor = FileDescriptor(rawValue: try retryingOnInterrupt { epoll_create1(Int32(EPOLL_CLOEXEC)) })
    }

    deinit { try? descriptor.close() }

    /// Watches `watched` for `events` (hang-up and errors are always reported); `token` comes
    /// back in `epoll_event.data.u64` when it is ready.
    func add(_ watched: FileDescriptor, token: UInt64, events: UInt32 = EPOLLIN.rawValue) throws(Errno) {
        try control(EPOLL_CTL_ADD, watched, token: token, events: events)
    }

    /// Changes what an added descriptor is watched for.
    func modify(_ watched: FileDescriptor, token: UInt64, events: UInt32) throws(Errno) {
        try control(EPOLL_CTL_MOD, watched, token: token, events: events)
    }

    private func control(_ operation: Int32, _ watched: FileDescriptor, token: UInt64, events: UInt32) throws(Errno) {
        var event = epoll_event()
        event.events = events
        event.data.u64 = token
        _ = try retryingOnInterrupt { epoll_ctl(descriptor.rawValue, operation, watched.rawValue, &event) }
    }

    func remove(_ watched: FileDescriptor) throws(Errno) {
        _ = try retryingOnInterrupt { epoll_ctl(descriptor.rawValue, EPOLL_CTL_DEL, watched.rawValue, nil) }
    }

    /// Blocks until at least one descriptor is ready and fills the front of `ready` (whose
    /// size is the most reported at once); returns how many. An interrupted wait returns 0.
    func wait(into ready: inout [epoll_event]) throws(Errno) -> Int {
        let capacity = Int32(ready.count)
        let count = ready.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(descriptor.rawValue, buffer.baseAddress, capacity, -1)
        }
        if count < 0 {
            let error = Errno.current
            if error == .interrupted { return 0 }
            throw error
        }
        return Int(count)
    }
}
