// The Linux descriptors the event loop is built on, which Swift's Glibc module leaves out.
#include <sys/epoll.h>
#include <sys/signalfd.h>
#include <sys/timerfd.h>
#include <sys/socket.h>

// glibc declares accept4 only under _GNU_SOURCE, which Swift's Glibc module is built without.
int accept4(int sockfd, struct sockaddr *addr, socklen_t *addrlen, int flags);

// uinput, for the virtual keyboard. Its requests are ioctl macros Swift cannot import, and ioctl
// is variadic, so each request Tactile makes is passed through one of these.
#include <fcntl.h>
#include <linux/uinput.h>
#include <string.h>
#include <sys/ioctl.h>

static inline int tactile_uinput_open(void) { return open("/dev/uinput", O_WRONLY | O_NONBLOCK | O_CLOEXEC); }
static inline int tactile_uinput_set_evbit(int fd, int type) { return ioctl(fd, UI_SET_EVBIT, type); }
static inline int tactile_uinput_set_keybit(int fd, int code) { return ioctl(fd, UI_SET_KEYBIT, code); }
static inline int tactile_uinput_set_relbit(int fd, int code) { return ioctl(fd, UI_SET_RELBIT, code); }
static inline int tactile_uinput_create(int fd) { return ioctl(fd, UI_DEV_CREATE); }
static inline int tactile_uinput_destroy(int fd) { return ioctl(fd, UI_DEV_DESTROY); }

// UI_DEV_SETUP (Linux 4.5): the device's identity and name, at most UINPUT_MAX_NAME_SIZE - 1 bytes.
static inline int tactile_uinput_setup(int fd, const char *name, unsigned short vendor, unsigned short product) {
    struct uinput_setup setup;
    memset(&setup, 0, sizeof setup);
    setup.id.bustype = BUS_VIRTUAL;
    setup.id.vendor = vendor;
    setup.id.product = product;
    strncpy(setup.name, name, UINPUT_MAX_NAME_SIZE - 1);
    return ioctl(fd, UI_DEV_SETUP, &setup);
}
