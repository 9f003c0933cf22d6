import Foundation
import TactileConfiguration

/// Where the configuration comes from: the file named on the command line, else
/// `$XDG_CONFIG_HOME/tactile/config` (`~/.config/tactile/config`), else `/etc/tactile/config`,
/// else the embedded default.
struct ConfigurationFile {
    /// nil for the embedded default.
    let path: String?

    init(explicit: String?) {
        if let explicit {
            path = explicit
            return
        }
        let environment = ProcessInfo.processInfo.environment
        let userDirectory = environment["XDG_CONFIG_HOME"] ?? environment["HOME"].map { $0 + "/.config" }
        let candidates = [userDirectory.map { $0 + "/tactile/config" }, "/etc/tactile/config"].compactMap { $0 }
        path = candidates.first { FileManager.default.fileExists(atPath: $0) }
    }

    var name: String { path ?? "(embedded default)" }

    /// Reads and parses the file; a missing or unreadable file is an error too.
    func load() throws(ConfigurationError) -> Configuration {
        guard let path else { return try Configuration.parse(Configuration.defaultText, file: name) }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw ConfigurationError(file: path, line: 0, column: 0, message: "no such file")
        }
        guard !isDirectory.boolValue, let data = FileManager.default.contents(atPath: path) else {
            throw ConfigurationError(file: path, line: 0, column: 0, message: "not a readable file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ConfigurationError(file: path, line: 0, column: 0, message: "expected UTF-8 text")
        }
        return try Configuration.parse(text, file: path)
    }
}
