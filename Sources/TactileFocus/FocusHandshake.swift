import Glibc
import TactileSystem

/// A focus protocol's handshake (connect, ask the focus, subscribe) on a thread of its own, so
/// a compositor that answers slowly — up to each reply's deadline — never holds `listen`'s loop
/// and its bindings: the loop learns the handshake is over when `descriptor` (one end of a
/// socket pair) is readable, then takes its outcome with `finish()`.
final class FocusHandshake {
    /// What the thread and the loop share. The thread writes `outcome`, then a byte into the
    /// pair; the loop reads `outcome` only after joining the thread. The pair closes with the
    /// last of the two to let go, so the thread never writes to a number reused since.
    private final class Work: @unchecked Sendable {
        let focusProtocol: any FocusProtocol
        /// The socket pair's end the loop watches, and the one the thread writes to.
        let pipe: (reading: Int32, writing: Int32)
        var outcome: Result<any FocusStream, FocusError>?

        init(focusProtocol: any FocusProtocol, pipe: (reading: Int32, writing: Int32)) {
            self.focusProtocol = focusProtocol
            self.pipe = pipe
        }

        deinit {
            close(pipe.reading)
            close(pipe.writing)
        }
    }

    private let work: Work
    private let thread: pthread_t
    private var joined = false

    /// Readable once the handshake is over.
    var descriptor: FileDescriptor { FileDescriptor(rawValue: work.pipe.reading) }

    /// Starts the handshake with `focusProtocol`'s compositor.
    init(_ focusProtocol: any FocusProtocol) throws(FocusError) {
        var ends: [Int32] = [-1, -1]
        let type = Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue) | Int32(SOCK_NONBLOCK.rawValue)
        guard socketpair(AF_UNIX, type, 0, &ends) == 0 else { throw FocusError("socketpair: \(Errno(rawValue: errno))") }
        work = Work(focusProtocol: focusProtocol, pipe: (ends[0], ends[1]))
        var thread = pthread_t()
        let started = pthread_create(&thread, nil, { context in
            let work = Unmanaged<Work>.fromOpaque(context!).takeRetainedValue()
            do throws(FocusError) {
                work.outcome = .success(try work.focusProtocol.connect())
            } catch {
                work.outcome = .failure(error)
            }
            var done: UInt8 = 1
            _ = write(work.pipe.writing, &done, 1)
            return nil
        }, Unmanaged.passRetained(work).toOpaque())
        guard started == 0 else {
            Unmanaged.passUnretained(work).release()
            throw FocusError("cannot start a thread for the handshake: \(Errno(rawValue: started))")
        }
        self.thread = thread
    }

    /// Once `descriptor` is readable: the connected stream, or why there is none.
    func finish() -> Result<any FocusStream, FocusError> {
        if !joined {
            pthread_join(thread, nil)
            joined = true
        }
        return work.outcome ?? .failure(FocusError("the handshake ended without an outcome"))
    }

    /// A handshake given up on (the source went away first) runs out on its own, within its
    /// replies' deadlines.
    deinit {
        if !joined { pthread_detach(thread) }
    }
}
