import Foundation
import Glibc

/// A compositor as `tactile listen --bindings` sees it: a real Unix socket server speaking one
/// compositor's focus protocol byte for byte (framing and JSON as the compositor's own source
/// writes them; see each dialect's file), whose focused application a test sets. It can go away
/// and come back at the same address, and send a message that cannot be understood.
public final class CompositorStandIn: @unchecked Sendable {
    public enum Compositor: String, CaseIterable, Sendable {
        case sway, i3, hyprland, niri
    }

    public let compositor: Compositor
    let directory: URL
    // Recursive: messages are built under the lock, and building one may name a new window.
    private let lock = NSRecursiveLock()
    private var servers: [UnixStreamServer] = []
    /// Connections that asked for focus changes, to send each change to.
    private var subscribers: [Int32] = []
    private var focused: String?
    private var windowIDs: [String: Int] = [:]
    private var completedHandshakes = 0

    public init(_ compositor: Compositor, directory: URL, focus: String?) throws {
        self.compositor = compositor
        self.directory = directory
        focused = focus
        if let focus { _ = windowID(focus) }
        try start()
    }

    deinit { stop() }

    /// What listen needs in its environment to find this compositor, as the compositor would
    /// set it in its session.
    public var environment: [String: String] {
        switch compositor {
        case .sway: ["SWAYSOCK": socketPath]
        case .i3: ["I3SOCK": socketPath]
        case .niri: ["NIRI_SOCKET": socketPath]
        case .hyprland: ["XDG_RUNTIME_DIR": directory.path, "HYPRLAND_INSTANCE_SIGNATURE": Self.hyprlandSignature]
        }
    }

    static let hyprlandSignature = "a1b2c3_1700000000_42"
    var socketPath: String { directory.appendingPathComponent("\(compositor.rawValue).sock").path }
    var hyprlandDirectory: URL { directory.appendingPathComponent("hypr/\(Self.hyprlandSignature)") }

    /// Listens (again) at the compositor's address.
    public func start() throws {
        var started: [UnixStreamServer] = []
        switch compositor {
        case .sway, .i3:
            started = [try UnixStreamServer(path: socketPath) { [self] in serveI3IPC($0) }]
        case .niri:
            started = [try UnixStreamServer(path: socketPath) { [self] in serveNiri($0) }]
        case .hyprland:
            try FileManager.default.createDirectory(at: hyprlandDirectory, withIntermediateDirectories: true)
            started = [
                try UnixStreamServer(path: hyprlandDirectory.appendingPathComponent(".socket.sock").path) { [self] in
                    serveHyprlandRequest($0)
                },
                try UnixStreamServer(path: hyprlandDirectory.appendingPathComponent(".socket2.sock").path) { [self] in
                    serveHyprlandEvents($0)
                },
            ]
        }
        lock.withLock { servers = started }
    }

    /// Goes away as a compositor that exits: every connection is closed, nothing listens.
    public func stop() {
        let stopping = lock.withLock {
            subscribers = []
            defer { servers = [] }
            return servers
        }
        for server in stopping { server.stop() }
    }

    /// Gives the focus to `application` (nil: no window has it) and tells every subscriber.
    public func focus(_ application: String?) {
        lock.withLock {
            let previous = focused
            focused = application
            for subscriber in subscribers {
                StandInIO.write(subscriber, focusChangeMessage(from: previous, to: application))
            }
        }
    }

    /// Sends every subscriber a message with correct framing that the protocol cannot mean.
    public func sendMalformedMessage() {
        lock.withLock {
            for subscriber in subscribers { StandInIO.write(subscriber, malformedMessage) }
        }
    }

    /// How many clients completed the protocol's handshake (asked the focus and subscribed).
    public var handshakes: Int { lock.withLock { completedHandshakes } }

    public func waitForHandshakes(_ count: Int, seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while handshakes < count {
            guard Date() < deadline else { return false }
            usleep(10_000)
        }
        return true
    }

    // MARK: For the dialects

    var focusedApplication: String? { lock.withLock { focused } }

    /// A stable window id per application, as a compositor keeps one per window.
    func windowID(_ application: String) -> Int {
        if let id = windowIDs[application] { return id }
        let id = 10 + windowIDs.count
        windowIDs[application] = id
        return id
    }

    func lockedWindowID(_ application: String) -> Int { lock.withLock { windowID(application) } }

    /// Registers `connection` for changes and, unless the handshake ends elsewhere (Hyprland's
    /// query socket), counts a completed handshake; `initial` is written first, under the same
    /// lock, so no change can come between.
    func subscribe(_ connection: Int32, completesHandshake: Bool = true, initial: (String?) -> [UInt8] = { _ in [] }) {
        lock.withLock {
            StandInIO.write(connection, initial(focused))
            subscribers.append(connection)
            if completesHandshake { completedHandshakes += 1 }
        }
    }

    func unsubscribe(_ connection: Int32) {
        lock.withLock { subscribers.removeAll { $0 == connection } }
    }

    func countHandshake() { lock.withLock { completedHandshakes += 1 } }

    private func focusChangeMessage(from previous: String?, to application: String?) -> [UInt8] {
        switch compositor {
        case .sway, .i3: i3IPCFocusEvent(from: previous, to: application)
        case .hyprland: hyprlandFocusEvent(application)
        case .niri: niriFocusEvent(application)
        }
    }

    private var malformedMessage: [UInt8] {
        switch compositor {
        case .sway, .i3: i3IPCMalformedEvent
        case .hyprland: Array("a line without the event separator\n".utf8)
        case .niri: Array("{\"WindowFocusChanged\":\n".utf8)
        }
    }
}

/// A JSON string literal.
func jsonString(_ text: String?) -> String {
    guard let text else { return "null" }
    var result = "\""
    for scalar in text.unicodeScalars {
        switch scalar {
        case "\"": result += "\\\""
        case "\\": result += "\\\\"
        case "\n": result += "\\n"
        default: result.unicodeScalars.append(scalar)
        }
    }
    return result + "\""
}
