import CUdev

/// Every `event*` node of the input subsystem that udev knows, in udev's order: what discovery
/// and the report of unreadable nodes both walk. `body` gets each node's record, valid only
/// during the call.
func forEachUdevEventNode(_ udev: OpaquePointer, _ body: (_ record: OpaquePointer) -> Void) {
    guard let enumerate = udev_enumerate_new(udev) else { return }
    defer { udev_enumerate_unref(enumerate) }
    udev_enumerate_add_match_subsystem(enumerate, "input")
    udev_enumerate_add_match_sysname(enumerate, "event*")
    udev_enumerate_scan_devices(enumerate)
    var entry = udev_enumerate_get_list_entry(enumerate)
    while let current = entry {
        entry = udev_list_entry_get_next(current)
        guard let record = udev_device_new_from_syspath(udev, udev_list_entry_get_name(current)) else { continue }
        body(record)
        udev_device_unref(record)
    }
}
