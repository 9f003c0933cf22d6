// sd-bus (libsystemd): the D-Bus library the Touchégg-protocol server speaks through.
#include <systemd/sd-bus.h>
#include <systemd/sd-id128.h>
#include <poll.h>
