import Glibc

extension FileDescriptor {
    /// The whole of the file at `path`: what a command needs of a recording or a configuration,
    /// read without Foundation. A directory is `EISDIR`, as `read` says of one.
    public static func contents(ofFile path: String) throws(Errno) -> [UInt8] {
        let file = try FileDescriptor.open(path, [.readOnly, .closeOnExec])
        defer { try? file.close() }
        let chunk = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 16, alignment: 1)
        defer { chunk.deallocate() }
        var contents: [UInt8] = []
        while true {
            let count = try file.read(into: chunk)
            if count == 0 { return contents }
            contents.append(contentsOf: chunk[0..<count])
        }
    }
}

extension Errno {
    public static let noSuchFile = Errno(rawValue: ENOENT)
    public static let isDirectory = Errno(rawValue: EISDIR)
}
