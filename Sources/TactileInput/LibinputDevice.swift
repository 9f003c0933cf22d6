import CLibinput

/// A touchpad Tactile added to libinput, held with a reference until Tactile removes it.
final class LibinputDevice {
    private let handle: OpaquePointer

    init(_ handle: OpaquePointer) {
        self.handle = libinput_device_ref(handle)
    }

    deinit { libinput_device_unref(handle) }

    /// Lends the handle to code in this module that derives a key from it.
    func withHandle<Result>(_ body: (OpaquePointer) -> Result) -> Result { body(handle) }
}
