import TactileSystem

/// The JSON Lines stream on stdout, when the daemon serves no socket.
final class StandardOutputLines: GestureOutput {
    /// Why writing failed (its reader went away: EPIPE; a full disk: ENOSPC). The daemon then
    /// stops and exits with an error: lines are never lost silently.
    private(set) var failure: Errno?
    /// Called once, when a write failed.
    var onFailed: () -> Void = {}

    func write(_ lines: ArraySlice<UInt8>) {
        guard failure == nil else { return }
        do {
            try FileDescriptor.standardOutput.writeAll(lines)
        } catch {
            failure = error
            onFailed()
        }
    }
}
