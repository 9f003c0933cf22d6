// The sd-bus functions of libsystemd Tactile calls (Sources/TactileDaemon/ToucheggServer.swift,
// Sources/TactileFocus/SessionBus.swift), loaded on first use: only a daemon serving Touchégg's
// protocol and `listen` following KWin's or GNOME Shell's focus need them.
#include <systemd/sd-bus.h>
#include <systemd/sd-id128.h>

#include "LazyEntryPoint.h"

static struct tactile_lazy_library libsystemd_library = {"libsystemd.so.0", 0};

TACTILE_LAZY(libsystemd_library, int, sd_bus_new, (sd_bus **ret), (ret))
TACTILE_LAZY(libsystemd_library, int, sd_bus_set_fd, (sd_bus *bus, int input_fd, int output_fd), (bus, input_fd, output_fd))
TACTILE_LAZY(libsystemd_library, int, sd_bus_set_server, (sd_bus *bus, int b, sd_id128_t bus_id), (bus, b, bus_id))
TACTILE_LAZY(libsystemd_library, int, sd_bus_set_anonymous, (sd_bus *bus, int b), (bus, b))
TACTILE_LAZY(libsystemd_library, int, sd_bus_negotiate_fds, (sd_bus *bus, int b), (bus, b))
TACTILE_LAZY(libsystemd_library, int, sd_bus_start, (sd_bus *bus), (bus))
TACTILE_LAZY(libsystemd_library, int, sd_bus_process, (sd_bus *bus, sd_bus_message **r), (bus, r))
TACTILE_LAZY(libsystemd_library, int, sd_bus_get_events, (sd_bus *bus), (bus))
TACTILE_LAZY(libsystemd_library, int, sd_bus_get_timeout, (sd_bus *bus, uint64_t *timeout_usec), (bus, timeout_usec))
TACTILE_LAZY(libsystemd_library, int, sd_bus_is_open, (sd_bus *bus), (bus))
TACTILE_LAZY(libsystemd_library, int, sd_bus_is_ready, (sd_bus *bus), (bus))
TACTILE_LAZY(libsystemd_library, int, sd_bus_send, (sd_bus *bus, sd_bus_message *m, uint64_t *cookie), (bus, m, cookie))
TACTILE_LAZY_VOID(libsystemd_library, sd_bus_close, (sd_bus *bus), (bus))
TACTILE_LAZY(libsystemd_library, sd_bus *, sd_bus_unref, (sd_bus *bus), (bus))

TACTILE_LAZY(libsystemd_library, int, sd_bus_message_new_signal,
             (sd_bus *bus, sd_bus_message **m, const char *path, const char *interface, const char *member),
             (bus, m, path, interface, member))
TACTILE_LAZY(libsystemd_library, int, sd_bus_message_append_basic, (sd_bus_message *m, char type, const void *p), (m, type, p))
TACTILE_LAZY(libsystemd_library, sd_bus_message *, sd_bus_message_unref, (sd_bus_message *m), (m))

TACTILE_LAZY(libsystemd_library, int, sd_id128_randomize, (sd_id128_t *ret), (ret))

// The session bus client `listen` follows KWin's and GNOME Shell's focus through
// (Sources/TactileFocus/SessionBus.swift).
TACTILE_LAZY(libsystemd_library, int, sd_bus_open_user, (sd_bus **ret), (ret))
TACTILE_LAZY(libsystemd_library, int, sd_bus_set_address, (sd_bus *bus, const char *address), (bus, address))
TACTILE_LAZY(libsystemd_library, int, sd_bus_set_bus_client, (sd_bus *bus, int b), (bus, b))
TACTILE_LAZY(libsystemd_library, int, sd_bus_get_unique_name, (sd_bus *bus, const char **unique), (bus, unique))
TACTILE_LAZY(libsystemd_library, int, sd_bus_get_fd, (sd_bus *bus), (bus))
TACTILE_LAZY(libsystemd_library, int, sd_bus_add_filter,
             (sd_bus *bus, sd_bus_slot **slot, sd_bus_message_handler_t callback, void *userdata),
             (bus, slot, callback, userdata))
TACTILE_LAZY(libsystemd_library, int, sd_bus_call,
             (sd_bus *bus, sd_bus_message *m, uint64_t usec, sd_bus_error *ret_error, sd_bus_message **reply),
             (bus, m, usec, ret_error, reply))
TACTILE_LAZY(libsystemd_library, sd_bus *, sd_bus_flush_close_unref, (sd_bus *bus), (bus))
TACTILE_LAZY(libsystemd_library, int, sd_bus_wait, (sd_bus *bus, uint64_t timeout_usec), (bus, timeout_usec))
TACTILE_LAZY(libsystemd_library, int, sd_bus_message_new_method_call,
             (sd_bus *bus, sd_bus_message **m, const char *destination, const char *path, const char *interface,
              const char *member),
             (bus, m, destination, path, interface, member))
TACTILE_LAZY(libsystemd_library, int, sd_bus_message_new_method_return, (sd_bus_message *call, sd_bus_message **m),
             (call, m))
TACTILE_LAZY(libsystemd_library, int, sd_bus_message_read_basic, (sd_bus_message *m, char type, void *p), (m, type, p))
TACTILE_LAZY(libsystemd_library, int, sd_bus_message_peek_type, (sd_bus_message *m, char *type, const char **contents),
             (m, type, contents))
TACTILE_LAZY(libsystemd_library, int, sd_bus_message_get_type, (sd_bus_message *m, uint8_t *type), (m, type))
TACTILE_LAZY(libsystemd_library, const char *, sd_bus_message_get_sender, (sd_bus_message *m), (m))
TACTILE_LAZY(libsystemd_library, const char *, sd_bus_message_get_path, (sd_bus_message *m), (m))
TACTILE_LAZY(libsystemd_library, const char *, sd_bus_message_get_interface, (sd_bus_message *m), (m))
TACTILE_LAZY(libsystemd_library, const char *, sd_bus_message_get_member, (sd_bus_message *m), (m))
TACTILE_LAZY_VOID(libsystemd_library, sd_bus_error_free, (sd_bus_error *e), (e))
