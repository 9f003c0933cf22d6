import Glibc
import TactileConfiguration
import TactileSystem

/// Where the configuration comes from: the file named on the command line, else
/// `$XDG_CONFIG_HOME/tactile/config` (`~/.config/tactile/config`), else `/etc/tactile/config`,
/// else the embedded default.
struct ConfigurationFile {
    /// The file named on the command line, if one was.
    let explicit: String?
    /// nil for the embedded default.
    let path: String?

    init(explicit: String?) {
        self.explicit = explicit
        if let explicit {
            path = explicit
            return
        }
        // The XDG Base Directory specification: a variable that is empty counts as unset.
        func nonEmpty(_ name: String) -> String? {
            guard let value = getenv(name), value.pointee != 0 else { return nil }
            return String(cString: value)
        }
        let userDirectory = nonEmpty("XDG_CONFIG_HOME") ?? nonEmpty("HOME").map { $0 + "/.config" }
        let candidates = [userDirectory.map { $0 + "/tactile/config" }, "/etc/tactile/config"].compactMap { $0 }
        path = candidates.first { access($0, F_OK) == 0 }
    }

    /// The same choice made again (on SIGHUP): a file created since start is found, one
    /// removed is no longer read.
    func searchedAgain() -> ConfigurationFile { ConfigurationFile(explicit: explicit) }

    var name: String { path ?? "(embedded default)" }

    /// The most of a configuration that is read: one is a few KiB, and a file linked to
    /// `/dev/zero`, or one that never stops growing, was read until the allocator gave up.
    static let largestFile = 1 << 20

    /// Reads and parses the file; a missing or unreadable file is an error too, and so is
    /// anything but a regular file (a FIFO would block the read, with every signal blocked).
    func load() throws(ConfigurationError) -> Configuration {
        guard let path else { return try Configuration.parse(Configuration.defaultText, file: name) }
        let bytes: [UInt8]
        do {
            bytes = try FileDescriptor.contents(ofFile: path, limit: Self.largestFile)
        } catch {
            throw ConfigurationError(file: path, line: 0, column: 0, message: "\(error)")
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw ConfigurationError(file: path, line: 0, column: 0, message: "expected UTF-8 text")
        }
        return try Configuration.parse(text, file: path)
    }
}
