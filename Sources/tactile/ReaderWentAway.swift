import Glibc

/// Standard output's reader went away (`tactile replay FILE | head`): a command that only prints
/// ends there, quietly and as coreutils do, by the SIGPIPE it ignored until now. The daemon never
/// throws this: its stdout failing is an error it reports (`tactile run`).
struct ReaderWentAway: Error {
    /// Ends the process as the default SIGPIPE would have.
    static func endQuietly() -> Never {
        signal(SIGPIPE, SIG_DFL)
        raise(SIGPIPE)
        exit(128 + SIGPIPE)
    }
}
