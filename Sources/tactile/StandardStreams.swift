import Glibc

/// Writes bytes to a file descriptor, whole, retrying on EINTR.
enum FileDescriptorWriter {
    /// Returns false when the reader went away (EPIPE) or the descriptor failed.
    @discardableResult
    static func write(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
        bytes.withUnsafeBytes { buffer in
            var offset = 0
            while offset < buffer.count {
                let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return false
                }
                offset += written
            }
            return true
        }
    }
}

enum StandardError {
    static func write(_ text: String) { FileDescriptorWriter.write(Array(text.utf8), to: 2) }
}
