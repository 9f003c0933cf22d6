import Glibc

/// Why a file the user named (a configuration, a recording, an output) cannot be used.
public enum UserFileError: Error, Equatable, CustomStringConvertible {
    /// The system call failed: no such file, no permission, …
    case system(Errno)
    /// It is there, but not a regular file: a FIFO, a device, a socket, a directory.
    case notRegularFile(kind: String)
    /// A regular file larger than the reader takes, or one still growing past it.
    case tooLarge(limit: Int)

    public var description: String {
        switch self {
        case .system(.noSuchFile): "no such file"
        case .system(.isDirectory): "is a directory, not a regular file"
        case .system(let error): "\(error)"
        case .notRegularFile(let kind): "is \(kind), not a regular file"
        case .tooLarge(let limit): "is larger than \(Self.size(limit)), the most tactile reads of it"
        }
    }

    /// `1 MiB`, `64 KiB`, `4096 bytes`: a limit as a person would write it.
    public static func size(_ bytes: Int) -> String {
        if bytes >= 1 << 20 && bytes % (1 << 20) == 0 { return "\(bytes >> 20) MiB" }
        if bytes >= 1 << 10 && bytes % (1 << 10) == 0 { return "\(bytes >> 10) KiB" }
        return "\(bytes) bytes"
    }
}

extension FileDescriptor {
    /// Opens a file the user named, refusing anything but a regular file.
    ///
    /// The open never blocks: a FIFO opened for reading waits for a writer, one opened for
    /// writing for a reader, and the daemon opens files with every signal blocked (they arrive
    /// through its signalfd), so a FIFO named as a configuration or an output left it killable
    /// only by SIGKILL. `O_NONBLOCK` changes nothing on a regular file.
    public static func openRegularFile(_ path: String, _ options: OpenOptions, permissions: mode_t = 0o644)
        throws(UserFileError) -> FileDescriptor
    {
        let file: FileDescriptor
        do {
            file = try open(path, options.union([.nonBlocking, .closeOnExec]), permissions: permissions)
        } catch .noReader {
            // A FIFO opened for writing without a reader (or a socket): say what is there.
            throw .notRegularFile(kind: kind(ofPath: path) ?? "an unknown kind of file")
        } catch {
            throw .system(error)
        }
        var status = stat()
        guard fstat(file.rawValue, &status) == 0 else {
            let error = Errno.current
            try? file.close()
            throw .system(error)
        }
        guard status.st_mode & S_IFMT == S_IFREG else {
            try? file.close()
            throw .notRegularFile(kind: kind(ofMode: status.st_mode))
        }
        return file
    }

    /// What kind of file `mode` describes, for an error: "a FIFO", "a character device", ….
    private static func kind(ofMode mode: mode_t) -> String {
        switch mode & S_IFMT {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "an unknown kind of file"
        }
    }

    private static func kind(ofPath path: String) -> String? {
        var status = stat()
        return stat(path, &status) == 0 ? kind(ofMode: status.st_mode) : nil
    }
}

extension Errno {
    /// ENXIO: what opening a FIFO for writing without a reader, or a socket, fails with.
    public static let noReader = Errno(rawValue: ENXIO)
}
