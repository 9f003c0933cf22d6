import CLibinput
import CUdev
import Glibc
import TactileCore
import TactileSystem

/// A libinput context over udev's seat or over named device nodes, with the open and close
/// callbacks libinput needs. libinput's events come out as `LibinputEvent` values; its pointers
/// stay inside this type and `LibinputDevice`.
final class Libinput {
    private let context: OpaquePointer
    private let udev: OpaquePointer?
    /// libinput's own epoll descriptor: readable whenever `dispatch` has work.
    let descriptor: FileDescriptor

    /// How libinput opens and closes device nodes: with the flags it asks for, plus
    /// close-on-exec so bound commands never inherit a device. libinput keeps the pointer for
    /// the context's lifetime.
    private let interface: UnsafeMutablePointer<libinput_interface>

    /// Reads `source`: udev's seat (with hot-plug) or only the named nodes (libinput's path backend).
    init(_ source: LiveInput.Source, verbose: Bool = false) throws(LiveInputError) {
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                guard let path else { return -EINVAL }
                let descriptor = Glibc.open(path, flags | O_CLOEXEC)
                return descriptor < 0 ? -Glibc.errno : descriptor
            },
            close_restricted: { descriptor, _ in _ = Glibc.close(descriptor) }))
        switch source {
        case .seat(let seat):
            guard let udev = udev_new() else { throw LiveInputError("udev_new failed") }
            guard let context = libinput_udev_create_context(interface, nil, udev) else {
                udev_unref(udev)
                throw LiveInputError("libinput_udev_create_context failed")
            }
            if verbose { Self.logVerbosely(context) }
            guard libinput_udev_assign_seat(context, seat) == 0 else {
                libinput_unref(context)
                udev_unref(udev)
                throw LiveInputError("libinput could not assign seat \(seat)")
            }
            self.udev = udev
            self.context = context
        case .devices(let paths):
            guard let context = libinput_path_create_context(interface, nil) else {
                throw LiveInputError("libinput_path_create_context failed")
            }
            if verbose { Self.logVerbosely(context) }
            for path in paths where libinput_path_add_device(context, path) == nil {
                libinput_unref(context)
                throw LiveInputError("libinput cannot use \(path) (is it an input event node, and readable?)")
            }
            self.udev = nil
            self.context = context
        }
        descriptor = FileDescriptor(rawValue: libinput_get_fd(context))
    }

    /// Sends libinput's own log, down to informational messages (why a device was rejected,
    /// touch jumps, timer lag), to stderr. By default libinput prints errors only.
    private static func logVerbosely(_ context: OpaquePointer) {
        libinput_log_set_priority(context, LIBINPUT_LOG_PRIORITY_INFO)
        libinput_log_set_handler(context) { _, _, format, arguments in
            guard let format, let arguments else { return }
            var message = [CChar](repeating: 0, count: 1024)
            _ = vsnprintf(&message, message.count, format, arguments)
            let text = message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }
            let line = Array("libinput: ".utf8) + text
            try? FileDescriptor.standardError.writeAll(line[...])
        }
    }

    deinit {
        libinput_unref(context)
        if let udev { udev_unref(udev) }
        interface.deallocate()
    }

    /// Lets libinput read its devices and timers, then hands over every queued event.
    func dispatch(_ body: (LibinputEvent) -> Void) {
        _ = libinput_dispatch(context)
        while let event = libinput_get_event(context) {
            if let translated = LibinputEvent(event) { body(translated) }
            libinput_event_destroy(event)
        }
    }
}

/// Why live input could not start.
public struct LiveInputError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
