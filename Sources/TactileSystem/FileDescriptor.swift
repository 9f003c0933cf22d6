import Glibc

/// An open file descriptor: a typed `Int32` whose operations throw `Errno` and retry on EINTR.
///
/// It does not close itself: ownership stays explicit, as in swift-system, so a descriptor
/// can be handed to C libraries (libevdev, libinput) that keep using it.
public struct FileDescriptor: Hashable, Sendable {
    public let rawValue: Int32

    public init(rawValue: Int32) { self.rawValue = rawValue }

    public static let standardOutput = FileDescriptor(rawValue: STDOUT_FILENO)
    public static let standardError = FileDescriptor(rawValue: STDERR_FILENO)

    /// How to open a file, as `open(2)` flags.
    public struct OpenOptions: OptionSet, Sendable {
        public let rawValue: Int32
        public init(rawValue: Int32) { self.rawValue = rawValue }

        public static let readOnly = OpenOptions(rawValue: O_RDONLY)
        public static let writeOnly = OpenOptions(rawValue: O_WRONLY)
        public static let nonBlocking = OpenOptions(rawValue: O_NONBLOCK)
        public static let closeOnExec = OpenOptions(rawValue: O_CLOEXEC)
        public static let create = OpenOptions(rawValue: O_CREAT)
        public static let truncate = OpenOptions(rawValue: O_TRUNC)
    }

    public static func open(_ path: String, _ options: OpenOptions, permissions: mode_t = 0o644) throws(Errno)
        -> FileDescriptor {
        let descriptor = try retryingOnInterrupt { Glibc.open(path, options.rawValue, permissions) }
        return FileDescriptor(rawValue: descriptor)
    }

    public func close() throws(Errno) {
        // Linux releases the descriptor even when close() is interrupted: never retry it.
        guard Glibc.close(rawValue) == 0 else { throw Errno.current }
    }

    /// Reads into `buffer`; 0 means end of file. Throws `.wouldBlock` on an empty
    /// non-blocking descriptor.
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(Errno) -> Int {
        try retryingOnInterrupt { Glibc.read(rawValue, buffer.baseAddress, buffer.count) }
    }

    /// Moves the file's position to `offset` bytes from its start, for the next `read`.
    public func seek(to offset: Int) throws(Errno) {
        guard lseek(rawValue, off_t(offset), SEEK_SET) >= 0 else { throw Errno.current }
    }

    /// Reads one fixed-size record (an `input_event`, a `signalfd_siginfo`, a timer count).
    func read<Value>(_ value: inout Value) throws(Errno) -> Int {
        try withUnsafeMutableBytes(of: &value) { buffer throws(Errno) in try read(into: buffer) }
    }

    /// Writes all of `bytes`, continuing after short writes.
    public func writeAll(_ bytes: UnsafeRawBufferPointer) throws(Errno) {
        var offset = 0
        while offset < bytes.count {
            let base = bytes.baseAddress! + offset
            offset += try retryingOnInterrupt { Glibc.write(rawValue, base, bytes.count - offset) }
        }
    }

    /// Writes all of `bytes` (an output buffer, or a slice of one).
    public func writeAll(_ bytes: ArraySlice<UInt8>) throws(Errno) {
        try bytes.withUnsafeBytes { buffer in Result { () throws(Errno) in try writeAll(buffer) } }.get()
    }

    /// Writes all of `text`'s UTF-8, without copying it into an array first.
    public func writeAll(_ text: String) throws(Errno) {
        var text = text
        try text.withUTF8 { buffer in Result { () throws(Errno) in try writeAll(UnsafeRawBufferPointer(buffer)) } }.get()
    }
}
