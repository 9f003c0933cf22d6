// The libinput functions Tactile calls (Sources/TactileInput), loaded on first use.
#include <libinput.h>

#include "LazyEntryPoint.h"

static struct tactile_lazy_library libinput_library = {"libinput.so.10", 0};

TACTILE_LAZY(libinput_library, struct libinput *, libinput_path_create_context,
             (const struct libinput_interface *interface, void *user_data), (interface, user_data))
TACTILE_LAZY(libinput_library, struct libinput_device *, libinput_path_add_device, (struct libinput *libinput, const char *path),
             (libinput, path))
TACTILE_LAZY_VOID(libinput_library, libinput_path_remove_device, (struct libinput_device *device), (device))
TACTILE_LAZY(libinput_library, struct libinput *, libinput_unref, (struct libinput *libinput), (libinput))
TACTILE_LAZY(libinput_library, int, libinput_get_fd, (struct libinput *libinput), (libinput))
TACTILE_LAZY(libinput_library, int, libinput_dispatch, (struct libinput *libinput), (libinput))
TACTILE_LAZY(libinput_library, struct libinput_event *, libinput_get_event, (struct libinput *libinput), (libinput))
TACTILE_LAZY_VOID(libinput_library, libinput_log_set_handler, (struct libinput *libinput, libinput_log_handler log_handler),
                  (libinput, log_handler))
TACTILE_LAZY_VOID(libinput_library, libinput_log_set_priority, (struct libinput *libinput, enum libinput_log_priority priority),
                  (libinput, priority))

TACTILE_LAZY(libinput_library, struct libinput_device *, libinput_device_ref, (struct libinput_device *device), (device))
TACTILE_LAZY(libinput_library, struct libinput_device *, libinput_device_unref, (struct libinput_device *device), (device))

TACTILE_LAZY_VOID(libinput_library, libinput_event_destroy, (struct libinput_event *event), (event))
TACTILE_LAZY(libinput_library, enum libinput_event_type, libinput_event_get_type, (struct libinput_event *event), (event))
TACTILE_LAZY(libinput_library, struct libinput_device *, libinput_event_get_device, (struct libinput_event *event), (event))
TACTILE_LAZY(libinput_library, struct libinput_event_gesture *, libinput_event_get_gesture_event, (struct libinput_event *event),
             (event))
TACTILE_LAZY(libinput_library, uint64_t, libinput_event_gesture_get_time_usec, (struct libinput_event_gesture *event), (event))
TACTILE_LAZY(libinput_library, int, libinput_event_gesture_get_finger_count, (struct libinput_event_gesture *event), (event))
TACTILE_LAZY(libinput_library, int, libinput_event_gesture_get_cancelled, (struct libinput_event_gesture *event), (event))
TACTILE_LAZY(libinput_library, double, libinput_event_gesture_get_dx_unaccelerated, (struct libinput_event_gesture *event),
             (event))
TACTILE_LAZY(libinput_library, double, libinput_event_gesture_get_dy_unaccelerated, (struct libinput_event_gesture *event),
             (event))
TACTILE_LAZY(libinput_library, double, libinput_event_gesture_get_scale, (struct libinput_event_gesture *event), (event))
TACTILE_LAZY(libinput_library, double, libinput_event_gesture_get_angle_delta, (struct libinput_event_gesture *event), (event))
