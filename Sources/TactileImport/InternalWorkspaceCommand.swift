/// libinput-gestures' `_internal` command (`COMMAND_internal` in its script): a move across a grid
/// of workspaces through `wmctrl`, done by a shell line that makes the same calls: `wmctrl -d` to
/// find the current workspace, the same arithmetic, then `wmctrl -s N`. Like the original it
/// reaches X11 window managers and XWayland's view of a Wayland desktop.
struct InternalWorkspaceCommand: Equatable {
    /// How the move shifts the workspace's column and row: `ws_up` is (0, 1), the next row.
    var columnStep: Int
    var rowStep: Int
    /// `--cols N`: workspaces per row.
    var columns: Int
    /// `-w`/`--wrap`: past the last workspace comes the first.
    var wraps: Bool

    /// The moves and their steps, in libinput-gestures' order (which its legacy rule relies on).
    static let moves: [(name: String, column: Int, row: Int)] = [
        ("ws_up", 0, 1), ("ws_down", 0, -1), ("ws_left", 1, 0), ("ws_right", -1, 0),
        ("ws_left_up", 1, 1), ("ws_left_down", 1, -1), ("ws_right_up", -1, 1), ("ws_right_down", -1, -1),
    ]

    /// The command `_internal ARGUMENTS…` is, or why there is none: what libinput-gestures' own
    /// argument parser refuses, and its legacy `--row`/`--col`.
    static func parse(_ arguments: [String]) -> Result<InternalWorkspaceCommand, Unconvertible> {
        var wraps = false
        var columns: Int?
        var moveName: String?
        var index = 0
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            switch argument {
            case "-w", "--wrap": wraps = true
            case "-c", "--cols":
                guard index < arguments.count, let value = Int(arguments[index]) else {
                    return .failure(Unconvertible("--cols takes a number"))
                }
                columns = value
                index += 1
            case _ where argument.hasPrefix("--cols="): columns = Int(argument.dropFirst(7))
            case _ where argument.hasPrefix("-c") && argument.count > 2: columns = Int(argument.dropFirst(2))
            case "--row", "--col": return .failure(Unconvertible("the legacy --row and --col are not converted"))
            case _ where argument.hasPrefix("-"): return .failure(Unconvertible("unknown option \(argument)"))
            default:
                guard moveName == nil else { return .failure(Unconvertible("one workspace move at a time")) }
                moveName = argument
            }
        }
        guard let moveName, var moveIndex = moves.firstIndex(where: { $0.name == moveName }) else {
            return .failure(Unconvertible("expected one of " + moves.map(\.name).joined(separator: ", ")))
        }
        if let columns, columns < 1 { return .failure(Unconvertible("--cols must be 1 or more")) }
        var columnCount = columns ?? 1
        if moveIndex >= 2 && columns == nil {
            // libinput-gestures: ws_left and ws_right without --cols act as ws_up and ws_down.
            guard moveIndex < 4 else { return .failure(Unconvertible("a diagonal move needs --cols")) }
            moveIndex -= 2
            columnCount = 1
        }
        let move = moves[moveIndex]
        return .success(InternalWorkspaceCommand(columnStep: move.column, rowStep: move.row, columns: columnCount,
                                                 wraps: wraps))
    }

    /// The argv: `sh -c "wmctrl -d | awk … "` with libinput-gestures' arithmetic (`run`) in awk;
    /// `%` made non-negative where Python's is.
    var argv: [String] {
        let program = """
            { if (\\$2 == \\"*\\") s = NR - 1; n = NR } END { if (n == 0) exit; i = s; \
            v = (int((n - 1) / c) + 1) * c; \
            if (x < 0) { if (i % c == 0) { if (!w) exit; i += c - 1; if (i >= n && y == 0) i = n - 1 } else i += x } \
            else if (x > 0) { i += x; if (i % c == 0) { if (!w) exit; i -= c } \
            else if (i >= n && y == 0) { if (!w) exit; i -= v - i } } \
            k = y * c; \
            if (k < 0) { if (i < c && !w) exit; i = ((i + k) % v + v) % v; if (i >= n) i += k } \
            else if (k > 0) { i += k; if (i >= v) { if (!w) exit; i = i % v } \
            else if (i >= n) { if (!w) exit; i = (i + k) % v } } \
            if (i != s) system(\\"wmctrl -s \\" i) }
            """
        let variables = "-v x=\(columnStep) -v y=\(rowStep) -v c=\(columns) -v w=\(wraps ? 1 : 0)"
        return ["sh", "-c", "wmctrl -d | awk \(variables) \"\(program)\""]
    }
}
