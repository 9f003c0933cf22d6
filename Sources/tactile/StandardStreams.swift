import TactileSystem

enum StandardError {
    static func write(_ text: String) { try? FileDescriptor.standardError.writeAll(text) }
}

enum StandardOutput {
    static func write(_ text: String) { try? FileDescriptor.standardOutput.writeAll(text) }
}
