/// A configuration file that cannot be used: where, and what was expected there.
public struct ConfigurationError: Error, Equatable, CustomStringConvertible {
    public var file: String
    public var line: Int
    public var column: Int
    public var message: String

    public init(file: String, line: Int, column: Int, message: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
    }

    /// `FILE:LINE:COLUMN: message`, the form editors and compilers use; `FILE: message` for
    /// errors about the whole file (line 0: missing, unreadable, not UTF-8).
    public var description: String {
        line == 0 ? "\(file): \(message)" : "\(file):\(line):\(column): \(message)"
    }
}
