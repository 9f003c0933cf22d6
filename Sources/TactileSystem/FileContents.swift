import Glibc

extension FileDescriptor {
    /// The whole of the regular file at `path`, refused past `limit` bytes: what a command needs of
    /// a configuration or a description, read without Foundation. A file that grows while it is
    /// read is refused at the limit too, never read on without end.
    public static func contents(ofFile path: String, limit: Int) throws(UserFileError) -> [UInt8] {
        let file = try openRegularFile(path, .readOnly)
        defer { try? file.close() }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        var contents: [UInt8] = []
        while true {
            let count: Int
            do {
                count = try file.read(into: chunk)
            } catch {
                throw .system(error)
            }
            if count == 0 { return contents }
            guard contents.count + count <= limit else { throw .tooLarge(limit: limit) }
            contents.append(contentsOf: chunk[0..<count])
        }
    }
}

extension Errno {
    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let isDirectory = Errno(rawValue: EISDIR)
}
