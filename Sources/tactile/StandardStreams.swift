import TactileSystem

enum StandardError {
    static func write(_ text: String) { try? FileDescriptor.standardError.writeAll(text) }
}
