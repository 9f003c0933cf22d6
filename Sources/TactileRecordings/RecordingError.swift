/// Why a recording could not be read, pointing at the file and line to fix.
public struct RecordingError: Error, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based; 0 when the problem is the file as a whole (missing, empty, a directory).
    public var line: Int
    public var message: String

    public init(file: String, line: Int = 0, message: String) {
        self.file = file
        self.line = line
        self.message = message
    }

    /// `FILE:LINE: message`, or `FILE: message` without a line, as compilers print them.
    public var description: String {
        line > 0 ? "\(file):\(line): \(message)" : "\(file): \(message)"
    }
}
