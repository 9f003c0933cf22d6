import Glibc

/// Messages on stderr. Under systemd (JOURNAL_STREAM is set) each line starts with its syslog
/// priority, `<3>` … `<6>`, which journald reads as the message's level.
enum Log {
    enum Priority: Int {
        case error = 3, warning = 4, notice = 5, info = 6
    }

    static let toJournal = getenv("JOURNAL_STREAM") != nil

    static func error(_ message: String) { write(.error, message) }
    static func warning(_ message: String) { write(.warning, message) }
    static func info(_ message: String) { write(.info, message) }

    static func write(_ priority: Priority, _ message: String) {
        let prefix = toJournal ? "<\(priority.rawValue)>" : "tactile: "
        StandardError.write(prefix + message + "\n")
    }
}
