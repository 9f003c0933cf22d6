import Glibc
import TactileSystem

enum StandardError {
    static func write(_ text: String) { try? FileDescriptor.standardError.writeAll(text) }
}

enum StandardOutput {
    /// Help, configurations and reports: a reader that went away ends the command quietly,
    /// any other failure (a full disk) with an error.
    static func write(_ text: String) {
        do {
            try FileDescriptor.standardOutput.writeAll(text)
        } catch .brokenPipe {
            ReaderWentAway.endQuietly()
        } catch {
            StandardError.write("tactile: cannot write to standard output: \(error)\n")
            exit(1)
        }
    }
}
