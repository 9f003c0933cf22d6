import Foundation
import Glibc

/// A Touchégg client nobody here wrote the D-Bus side of, run as a process: GLib's GDBus (as
/// GNOME's extension and Gala use) or libdbus (python3-dbus), each a short script in
/// `Tests/ToucheggClients` that prints one line per signal received.
final class ToucheggClient {
    enum Library: String {
        case gdbus = "gdbus-client.py"
        case libdbus = "libdbus-client.py"
    }

    let process: BackgroundTactile

    /// `asUser`: run as that uid and gid (with `groups` as its supplementary groups), through setpriv.
    init(_ library: Library, address: String, directory: URL, name: String,
         asUser user: (uid: uid_t, gid: gid_t, groups: [gid_t])? = nil) throws {
        let script = TactileRun.repository.appendingPathComponent("Tests/ToucheggClients/\(library.rawValue)").path
        if let user {
            let groups = user.groups.isEmpty ? ["--clear-groups"] : ["--groups", user.groups.map(String.init).joined(separator: ",")]
            process = try BackgroundTactile(["--reuid", "\(user.uid)", "--regid", "\(user.gid)"] + groups
                                                + ["/usr/bin/python3", script, address],
                                            directory: directory, name: name, executable: "/usr/bin/setpriv")
        } else {
            process = try BackgroundTactile([script, address], directory: directory, name: name, executable: "/usr/bin/python3")
        }
    }

    /// Waits until it printed "connected" (subscribed) or exited; false if neither in time.
    func waitUntilSubscribed(seconds: Double = 10) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while Date() < deadline {
            if process.output.hasPrefix("connected\n") { return true }
            if !process.process.isRunning { return false }
            usleep(10_000)
        }
        return false
    }

    /// The signals it printed, one `MEMBER type direction percentage fingers device elapsed` per line.
    var signals: [ReceivedSignal] {
        process.output.split(separator: "\n").dropFirst().map { ReceivedSignal(String($0)) }
    }
}

/// One signal as a client printed it.
struct ReceivedSignal: Equatable, CustomStringConvertible {
    var member: String
    var type: Int, direction: Int
    var percentage: Double
    var fingers: Int, device: Int
    var elapsed: Int
    let description: String

    init(_ line: String) {
        description = line
        let fields = line.split(separator: " ").map(String.init)
        member = fields.first ?? ""
        let numbers = fields.dropFirst().map { Double($0) ?? .nan }
        let value = { (index: Int) in numbers.count > index ? numbers[index] : .nan }
        type = Int(exactly: value(0).rounded()) ?? -1
        direction = Int(exactly: value(1).rounded()) ?? -1
        percentage = value(2)
        fingers = Int(exactly: value(3).rounded()) ?? -1
        device = Int(exactly: value(4).rounded()) ?? -1
        elapsed = Int(exactly: value(5).rounded()) ?? -1
    }
}

/// Splits a client's signals into gestures, each checked to be what Touchégg's clients rely on:
/// `Begin`, `Update`s, `End`; type, direction, fingers and device the same throughout; percentages
/// within 0–100; elapsed time from 0 at `Begin`, never going back. Returns the problems found.
func gestures(in signals: [ReceivedSignal]) -> (gestures: [[ReceivedSignal]], problems: [String]) {
    var gestures: [[ReceivedSignal]] = []
    var problems: [String] = []
    var current: [ReceivedSignal] = []
    for signal in signals {
        if !(0...100).contains(signal.percentage) { problems.append("percentage out of range: \(signal)") }
        switch signal.member {
        case "OnGestureBegin":
            if !current.isEmpty { problems.append("Begin inside a gesture: \(signal)") }
            if signal.elapsed != 0 { problems.append("Begin not at 0 ms: \(signal)") }
            current = [signal]
        case "OnGestureUpdate", "OnGestureEnd":
            guard let begin = current.first else {
                problems.append("\(signal.member) without Begin: \(signal)")
                continue
            }
            if (signal.type, signal.direction, signal.fingers, signal.device) != (begin.type, begin.direction, begin.fingers, begin.device) {
                problems.append("changed within a gesture: \(begin) then \(signal)")
            }
            if signal.elapsed < current.last!.elapsed { problems.append("elapsed went back: \(signal)") }
            current.append(signal)
            if signal.member == "OnGestureEnd" {
                gestures.append(current)
                current = []
            }
        default:
            problems.append("not a Touchégg signal: \(signal)")
        }
    }
    if !current.isEmpty { problems.append("a gesture never ended: \(current.first!)") }
    return (gestures, problems)
}
