import Glibc

/// What /proc says of a process: the figures the soak watches stay flat.
struct ProcessFigures: CustomStringConvertible {
    let descriptors: Int
    let residentKilobytes: Int

    init(of processID: pid_t) {
        var count = 0
        if let directory = opendir("/proc/\(processID)/fd") {
            while let entry = readdir(directory) {
                if entry.pointee.d_name.0 != CChar(UInt8(ascii: ".")) { count += 1 }
            }
            closedir(directory)
        }
        descriptors = count
        let status = readText("/proc/\(processID)/status")
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") }
        residentKilobytes = line.flatMap { Int($0.split(separator: " ")[1]) } ?? 0
    }

    var description: String { "\(descriptors) descriptors, \(residentKilobytes) KiB" }
}
