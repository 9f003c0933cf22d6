import Foundation
import Glibc

/// What /proc says about a running process: the figures the robustness and soak tests watch.
enum ProcessProbe {
    /// How many file descriptors it has open.
    static func openDescriptors(_ pid: Int32) -> Int {
        ((try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/fd")) ?? []).count
    }

    /// What its open descriptors point at (paths, `socket:[…]`, `anon_inode:[…]`).
    static func openFiles(_ pid: Int32) -> [String] {
        let directory = "/proc/\(pid)/fd"
        return ((try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []).compactMap {
            try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)")
        }
    }

    /// How many sockets it holds: its listening socket and one per accepted client. Unlike
    /// ``openDescriptors(_:)``, a recording it opens and closes again does not move this.
    static func openSockets(_ pid: Int32) -> Int {
        openFiles(pid).filter { $0.hasPrefix("socket:") }.count
    }

    /// CPU time used so far (user + system), in seconds.
    static func cpuSeconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = stat.lastIndex(of: ")")
        else { return 0 }
        // After "pid (comm)": state is field 3, utime and stime are fields 14 and 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        let ticks = (Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)
        return ticks / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// Resident memory, in KiB (VmRSS).
    static func residentKilobytes(_ pid: Int32) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
            let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmRSS:") })
        else { return 0 }
        return Int(line.split(separator: " ")[1]) ?? 0
    }

    /// The processes whose parent it is.
    static func children(_ pid: Int32) -> [Int32] {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.flatMap { task -> [Int32] in
            let text = (try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/children", encoding: .utf8)) ?? ""
            return text.split(separator: " ").compactMap { Int32($0) }
        }
    }

    /// The processes in process group `group` (a bound command and whatever it started).
    static func members(ofGroup group: Int32) -> [Int32] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(Int32.init).filter { pid in
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let end = stat.lastIndex(of: ")")
            else { return false }
            let fields = stat[stat.index(after: end)...].split(separator: " ")
            // state, ppid, pgrp; a zombie has ended and only waits to be reaped.
            return fields.count > 2 && Int32(fields[2]) == group && fields[0] != "Z"
        }
    }
}

/// Waits, polling every 10 ms, until `condition` holds or `seconds` passed; returns whether it held.
func waitUntil(seconds: Double = 10, _ condition: () -> Bool) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    while !condition() {
        guard Date() < deadline else { return false }
        usleep(10_000)
    }
    return true
}
