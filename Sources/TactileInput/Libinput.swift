import CLibinput
import Glibc
import TactileCore
import TactileSystem

/// A libinput context of its path backend, for the touchpads whose own gestures pass through:
/// Tactile adds each such touchpad itself, and libinput reads nothing else (no keyboard, no
/// touchscreen). Created on the first such touchpad, so a daemon without one never loads
/// libinput. Its gesture events come out as `LibinputGesture` values; its pointers stay inside
/// this type and `LibinputDevice`.
final class Libinput {
    private let context: OpaquePointer
    /// libinput's own epoll descriptor: readable whenever `dispatch` has work.
    let descriptor: FileDescriptor

    /// How libinput opens and closes device nodes: with the flags it asks for, plus
    /// close-on-exec so bound commands never inherit a device. libinput keeps the pointer for
    /// the context's lifetime.
    private let interface: UnsafeMutablePointer<libinput_interface>

    init(verbose: Bool = false) throws(LiveInputError) {
        interface = .allocate(capacity: 1)
        interface.initialize(to: libinput_interface(
            open_restricted: { path, flags, _ in
                guard let path else { return -EINVAL }
                let descriptor = Glibc.open(path, flags | O_CLOEXEC)
                return descriptor < 0 ? -Glibc.errno : descriptor
            },
            close_restricted: { descriptor, _ in _ = Glibc.close(descriptor) }))
        guard let context = libinput_path_create_context(interface, nil) else {
            interface.deallocate()
            throw LiveInputError("libinput_path_create_context failed")
        }
        if verbose { Self.logVerbosely(context) }
        self.context = context
        descriptor = FileDescriptor(rawValue: libinput_get_fd(context))
    }

    /// Starts reading the touchpad at `node`; nil when libinput will not (it says why with
    /// `verbose`).
    func add(_ node: String) -> LibinputDevice? {
        libinput_path_add_device(context, node).map(LibinputDevice.init)
    }

    /// Stops reading `device`; libinput closes its node.
    func remove(_ device: LibinputDevice) {
        device.withHandle { libinput_path_remove_device($0) }
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
        interface.deallocate()
    }

    /// Lets libinput read its touchpads and timers, then hands over every gesture it queued.
    func dispatch(_ body: (LibinputGesture) -> Void) {
        _ = libinput_dispatch(context)
        while let event = libinput_get_event(context) {
            if let gesture = LibinputGesture(event) { body(gesture) }
            libinput_event_destroy(event)
        }
    }
}

/// Why live input could not start.
public struct LiveInputError: Error, CustomStringConvertible {
    public let description: String
    init(_ description: String) { self.description = description }
}
