import TactileInput
import TactileSystem

/// What `tactile run` says about its input once it started: which seat or nodes it watches,
/// that it waits when there is no touch device yet, and which nodes it may not read and what
/// grants access. Without this a daemon with nothing to read is silent, and a user without
/// access cannot tell "no device" from "no permission".
enum InputReport {
    /// How many unreadable nodes are named one by one when none is known to be a touch device.
    static let listedNodeLimit = 8

    static func log(_ input: RunCommand.Input, openedDevices: Int) {
        let unreadable: [UnreadableInputNode]
        switch input {
        case .seat(let seat): unreadable = UnreadableInputNode.scan(seat: seat)
        case .devices(let paths): unreadable = UnreadableInputNode.scan(seat: nil).filter { paths.contains($0.node) }
        case .replay: return
        }
        for line in lines(input, openedDevices: openedDevices, unreadable: unreadable) {
            line.isProblem ? Log.warning(line.text) : Log.info(line.text)
        }
    }

    /// Refuses `--device` nodes this user may not read, saying why and what grants access,
    /// before any is opened.
    static func requireReadable(_ input: RunCommand.Input) throws {
        guard case .devices(let paths) = input else { return }
        let unreadable = paths.compactMap(UnreadableInputNode.check)
        guard !unreadable.isEmpty else { return }
        let lines = unreadable.map(describe) + [accessHint(unreadable)]
        throw OutputError(message: lines.joined(separator: "\ntactile: "))
    }

    struct Line: Equatable {
        let text: String
        /// A reason the daemon may not see a device, rather than news of what it does.
        let isProblem: Bool
    }

    static func lines(_ input: RunCommand.Input, openedDevices: Int, unreadable: [UnreadableInputNode]) -> [Line] {
        var lines: [Line] = []
        switch input {
        case .seat(let seat):
            lines.append(Line(text: "watching \(seat) for touch devices (udev hot-plug)", isProblem: false))
            if openedDevices == 0 {
                lines.append(Line(text: "no touch device on \(seat) yet; waiting for one to appear", isProblem: false))
            }
        case .devices(let paths):
            lines.append(Line(text: "reading only \(paths.joined(separator: ", ")) (no hot-plug)", isProblem: false))
            if openedDevices == 0 {
                lines.append(Line(text: "none of them is a touchpad or touchscreen: nothing to recognize", isProblem: true))
            }
        case .replay:
            return []
        }
        let touch = unreadable.filter { $0.touchKind != nil }
        // With devices open, only unreadable touch devices matter; with none, any node might be the one.
        let named = !touch.isEmpty ? touch : openedDevices == 0 ? Array(unreadable.prefix(listedNodeLimit)) : []
        guard !named.isEmpty else { return lines }
        for node in named {
            lines.append(Line(text: describe(node), isProblem: true))
        }
        let others = unreadable.count - named.count
        if others > 0 {
            lines.append(Line(text: "and \(others) more input nodes this user may not read", isProblem: true))
        }
        lines.append(Line(text: accessHint(named), isProblem: true))
        return lines
    }

    /// `cannot read /dev/input/event5 "Name" (touchpad): EACCES (Permission denied); it is root:input 660`.
    static func describe(_ node: UnreadableInputNode) -> String {
        let what = [node.name.map { "\"\($0)\"" }, node.touchKind.map { "(\($0))" }].compactMap { $0 }
        return "cannot read \(([node.node] + what).joined(separator: " ")): \(node.error.description); "
            + "it is \(node.owner):\(node.group) \(String(node.mode, radix: 8))"
    }

    /// What grants access: the nodes' group when it may read them, else a udev rule; in both
    /// cases the system service, which reads input devices as a member of `input`.
    static func accessHint(_ nodes: [UnreadableInputNode]) -> String {
        let service = "or run the system service (systemctl enable --now tactile.socket), which reads them as a member of 'input'"
        let groups = Set(nodes.map(\.group))
        if nodes.allSatisfy(\.groupMayRead), groups.count == 1, let group = groups.first {
            return "members of group '\(group)' may read them: add this user (sudo usermod -aG \(group) \"$USER\", "
                + "then log in again), \(service)"
        }
        return "their group may not read them: a udev rule such as SUBSYSTEM==\"input\", KERNEL==\"event*\", "
            + "GROUP=\"input\", MODE=\"0660\" lets members of 'input' read them, \(service)"
    }
}
