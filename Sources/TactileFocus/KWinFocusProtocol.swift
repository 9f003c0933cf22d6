import Glibc
import TactileCore
import TactileSystem

/// KWin (KDE Plasma, Wayland and X11): the focus through a script `listen` loads into KWin over
/// its scripting D-Bus interface (`KWinFocusScript`), so nothing is installed; the script is
/// unloaded when the stream is let go (`listen` exits, or KWin is reconnected to).
public struct KWinFocusProtocol: FocusProtocol {
    public let name = "KWin"
    public var address: String { "the session bus (org.kde.KWin)" }
    /// Where the script's file is written for KWin to read: the user's runtime directory.
    let scriptDirectory: String

    public init(scriptDirectory: String) {
        self.scriptDirectory = scriptDirectory
    }

    static let busName = "org.kde.KWin"

    public func connect() throws(FocusError) -> FocusStream {
        let bus = try SessionBus()
        try bus.addMatch(SessionBusFocusStream.ownerChangeRule(for: Self.busName))
        let kwin = try bus.owner(of: Self.busName)
        guard let source = KWinFocusScript.source(reportingTo: bus.uniqueName) else {
            throw FocusError("the session bus named this connection \(bus.uniqueName), not a unique name")
        }
        let file = try Self.write(source, into: scriptDirectory)
        let plugin = KWinFocusScript.pluginName(for: bus.uniqueName)
        let loaded: Int32
        do throws(FocusError) {
            loaded = try bus.call(Self.busName, "/Scripting", "org.kde.kwin.Scripting", "loadScript",
                                  [file, plugin]).int32()
        } catch {
            unlink(file)
            throw error
        }
        // From here on the stream owns the script: letting it go unloads it.
        let stream = SessionBusFocusStream(bus: bus, initialFocus: nil, desktopName: Self.busName,
                                           decode: { KWinFocusScript.update(from: $0, kwin: kwin) },
                                           cleanUp: { Self.unload(plugin, file: file, from: bus) })
        guard loaded >= 0 else { throw FocusError("KWin refused to load \(file) as \(plugin)") }
        try Self.run(script: loaded, on: bus)
        // The script reports the active window as it starts; the bus's own messages (the name
        // it gave this connection) may come first.
        let deadline = monotonicNow() + SessionBus.replyTimeout
        var reported: String??
        while reported == nil {
            guard try bus.wait(until: deadline) else {
                throw FocusError("KWin ran the script but it reported no window within \(Int(SessionBus.replyTimeout.seconds)) s")
            }
            for update in try stream.readUpdates() {
                if case .focused(let application) = update { reported = .some(application) }
            }
        }
        stream.initialFocus = reported ?? nil
        return stream
    }

    /// Runs loaded script `id`: Plasma 6 exports it at `/Scripting/Script<id>`, Plasma 5 at `/<id>`.
    /// When neither runs it, both failures are said: which path this KWin has is not known.
    private static func run(script id: Int32, on bus: SessionBus) throws(FocusError) {
        do throws(FocusError) {
            _ = try bus.call(busName, "/Scripting/Script\(id)", "org.kde.kwin.Script", "run")
        } catch let plasma6 {
            do throws(FocusError) {
                _ = try bus.call(busName, "/\(id)", "org.kde.kwin.Script", "run")
            } catch {
                throw FocusError("\(plasma6); \(error)")
            }
        }
    }

    private static func unload(_ plugin: String, file: String, from bus: SessionBus) {
        _ = try? bus.call(busName, "/Scripting", "org.kde.kwin.Scripting", "unloadScript", [plugin])
        unlink(file)
    }

    /// Writes the script to a new file of the user's only, and returns its path.
    private static func write(_ source: String, into directory: String) throws(FocusError) -> String {
        var template = Array("\(directory)/tactile-kwin-focus-XXXXXX.js".utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { mkstemps($0.baseAddress!, 3) }
        guard descriptor >= 0 else { throw FocusError("cannot write KWin's script in \(directory): \(Errno(rawValue: errno))") }
        let path = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        let file = FileDescriptor(rawValue: descriptor)
        defer { try? file.close() }
        do {
            try file.writeAll(source)
        } catch {
            unlink(path)
            throw FocusError("cannot write \(path): \(error)")
        }
        return path
    }
}
