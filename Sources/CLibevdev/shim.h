#include <libevdev/libevdev.h>
#include <linux/input.h>
#include <sys/ioctl.h>

// An evdev node's state, asked of the kernel after it dropped events (SYN_DROPPED), as the
// kernel's documentation tells a reader to. Tactile reads events itself rather than through
// libevdev_next_event, which costs more per event than the rest of a frame's decoding. The
// requests are ioctl macros Swift cannot import, and ioctl is variadic, so each goes through one
// of these. Each returns ioctl's result: negative with errno set on failure.

/// The keys that are down, a bit each, into `bits` (`length` bytes).
static inline int tactile_evdev_key_state(int fd, unsigned char *bits, int length) {
    return ioctl(fd, EVIOCGKEY(length), bits);
}

/// An absolute axis' current value and range.
static inline int tactile_evdev_abs_info(int fd, unsigned int code, struct input_absinfo *info) {
    return ioctl(fd, EVIOCGABS(code), info);
}

/// One multitouch axis of every slot: `values[0]` is the axis code on the way in; on the way
/// out `values[1 + slot]` is that slot's value. `count` is the number of slots.
static inline int tactile_evdev_slot_values(int fd, int *values, int count) {
    return ioctl(fd, EVIOCGMTSLOTS((count + 1) * sizeof(int)), values);
}
