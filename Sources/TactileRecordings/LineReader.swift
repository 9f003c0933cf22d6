import Glibc
import TactileSystem

/// The lines of a recording, read a chunk at a time and handed out as bytes: a long recording
/// is never all in memory, and a recording is millions of short lines, so making a `String` of
/// each cost most of a replay. Only the rare line a fast reading does not accept (a header, a
/// comment, an error) becomes a `TextLine`.
///
/// A line's bytes stay valid until the next call to `nextLine()`, and the `slack` bytes after
/// them can be read too, so a reading eight bytes at a time (`ByteWords`) need not stop short
/// of a line's end; the first byte after a line is its line break, or 0 after the text's last,
/// so a reading finds the line's end where its characters stop. Copies of a reader share its
/// buffer: a reader is owned by one stream and never copied while in use.
struct LineReader {
    /// How much is read at a time; also how much of the file format detection looks at, and
    /// the longest line read: a recording's lines are short, and a "line" of `/dev/zero`'s
    /// bytes, or of a header that never ends, once grew the buffer until the allocator gave up.
    static let chunkSize = 1 << 20
    /// Bytes that can be read after any line, whatever they hold.
    static let slack = 8

    /// Owns the buffer and the descriptor, so they go when the last copy of the reader does.
    private final class Storage {
        let buffer: UnsafeMutableRawBufferPointer
        let descriptor: FileDescriptor?

        init(capacity: Int, descriptor: FileDescriptor?) {
            buffer = .allocate(byteCount: capacity + LineReader.slack, alignment: 16)
            buffer.initializeMemory(as: UInt8.self, repeating: 0)
            self.descriptor = descriptor
        }

        deinit {
            buffer.deallocate()
            if let descriptor { try? descriptor.close() }
        }
    }

    let file: String
    private let storage: Storage
    /// The buffer's start, kept beside `storage` so reading a line touches no class.
    private let base: UnsafeMutableRawPointer
    private let capacity: Int
    /// The unread bytes are `start..<end` of the buffer.
    private var start = 0
    private var end = 0
    /// How many bytes of the text come before the buffer's first.
    private var bufferOffset = 0
    private(set) var reachedEndOfFile = false
    /// The 1-based number of the line `nextLine()` returned last.
    private(set) var lineNumber = 0

    /// Opens `path`, a regular file (a FIFO would block the read); the first chunk is read at
    /// once, for `bufferedBytes`.
    init(path: String) throws(RecordingError) {
        let descriptor: FileDescriptor
        do {
            descriptor = try FileDescriptor.openRegularFile(path, .readOnly)
        } catch {
            throw RecordingError(file: path, message: "\(error)")
        }
        file = path
        storage = Storage(capacity: Self.chunkSize, descriptor: descriptor)
        base = storage.buffer.baseAddress!
        capacity = Self.chunkSize
        try refill()
    }

    /// Text already in memory (a fuzzer's input, a recording extracted from a mail).
    init(bytes: some Collection<UInt8>, file: String) {
        self.file = file
        storage = Storage(capacity: max(bytes.count, 1), descriptor: nil)
        base = storage.buffer.baseAddress!
        capacity = max(bytes.count, 1)
        _ = UnsafeMutableRawBufferPointer(storage.buffer).initializeMemory(as: UInt8.self, from: bytes)
        end = bytes.count
        reachedEndOfFile = true
    }

    /// Whether the text was given in memory rather than read from a file.
    var isInMemory: Bool { storage.descriptor == nil }

    /// Where in the text the next line starts, in bytes: after `nextLine()`, the bytes from the
    /// line's start to here are the line with its line break.
    var offset: Int { bufferOffset + start }

    /// A reader of the same text from its start, independent of this one: a file is opened again.
    func rereading() throws(RecordingError) -> LineReader {
        guard isInMemory else { return try LineReader(path: file) }
        var reader = self
        reader.start = 0
        reader.lineNumber = 0
        return reader
    }

    /// Moves on to `offset`, not before `self.offset`, where line `lineNumber` starts.
    mutating func skip(to offset: Int, lineNumber: Int) throws(RecordingError) {
        precondition(offset >= self.offset, "a line reader only moves on")
        self.lineNumber = lineNumber - 1
        guard let descriptor = storage.descriptor, offset > bufferOffset + end else {
            start = min(offset - bufferOffset, end)
            return
        }
        do {
            try descriptor.seek(to: offset)
        } catch {
            throw RecordingError(file: file, message: "cannot be read: \(error)")
        }
        (bufferOffset, start, end, reachedEndOfFile) = (offset, 0, 0, false)
        try refill()
    }

    /// The bytes read but not yet handed out as lines: the first chunk, right after `init`.
    var bufferedBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base + start, count: end - start)
    }

    /// The next line without its `\n` (and a `\r` before it: files mailed from Windows); nil at
    /// the end of the file. Text after the last `\n` is a line too.
    @inline(__always)
    mutating func nextLine() throws(RecordingError) -> UnsafeRawBufferPointer? {
        while true {
            if let newline = memchr(base + start, Int32(UInt8(ascii: "\n")), end - start) {
                let lineEnd = base.distance(to: newline)
                return takeLine(until: lineEnd, next: lineEnd + 1)
            }
            if reachedEndOfFile {
                guard start < end else { return nil }
                return takeLine(until: end, next: end)
            }
            try refill()
        }
    }

    @inline(__always)
    private mutating func takeLine(until lineEnd: Int, next: Int) -> UnsafeRawBufferPointer {
        let lineStart = start
        start = next
        lineNumber += 1
        var count = lineEnd - lineStart
        if count > 0 && base.load(fromByteOffset: lineEnd - 1, as: UInt8.self) == UInt8(ascii: "\r") { count -= 1 }
        return UnsafeRawBufferPointer(start: base + lineStart, count: count)
    }

    /// A line as text, for the general readings and their errors; "binary data" when it is not
    /// UTF-8 text (or holds a NUL byte), as a whole file of it would be.
    func textLine(_ bytes: UnsafeRawBufferPointer) throws(RecordingError) -> TextLine {
        guard !bytes.contains(0), let text = String(validating: bytes, as: UTF8.self) else {
            throw RecordingError(file: file, line: lineNumber, message: "binary data, not a text recording")
        }
        return TextLine(number: lineNumber, text: text[...], file: file)
    }

    /// Moves the unread bytes to the front and reads more after them; a single line that fills
    /// the buffer is an error.
    private mutating func refill() throws(RecordingError) {
        guard let descriptor = storage.descriptor, !reachedEndOfFile else { return }
        // Whatever the buffer held before, the text's last line ends at a 0.
        defer { base.storeBytes(of: 0, toByteOffset: end, as: UInt8.self) }
        if start > 0 {
            base.copyMemory(from: base + start, byteCount: end - start)
            end -= start
            bufferOffset += start
            start = 0
        }
        guard end < capacity else {
            throw RecordingError(file: file, line: lineNumber + 1,
                                 message: "a line longer than \(UserFileError.size(capacity)), the most tactile reads of one: "
                                     + "not a recording")
        }
        while end < capacity {
            let count: Int
            do {
                count = try descriptor.read(into: UnsafeMutableRawBufferPointer(start: base + end, count: capacity - end))
            } catch {
                throw RecordingError(file: file, message: "cannot be read: \(error)")
            }
            if count == 0 {
                reachedEndOfFile = true
                return
            }
            end += count
        }
    }
}
