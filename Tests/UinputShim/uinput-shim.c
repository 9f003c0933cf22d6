// Emulates /dev/uinput for tests, on machines that have none: preloaded into `tactile`, it answers
// open("/dev/uinput") with a descriptor of its own, accepts the uinput ioctls the way the kernel
// does (Documentation/input/uinput.rst; drivers/input/misc/uinput.c), and writes every request
// and every input_event to the file $TACTILE_UINPUT_LOG, one line each:
//
//   open /dev/uinput                  UI_SET_EVBIT 1            UI_SET_KEYBIT 125
//   UI_DEV_SETUP "NAME" bus 0x6       UI_DEV_CREATE             EV_KEY 125 1     EV_SYN 0 0
//   UI_DEV_DESTROY                    close
//
// Lines the process writes to its standard output are logged too ("stdout LINE"), once it has
// opened /dev/uinput, so a test sees the gesture events and the keystrokes in the order they
// happened. $TACTILE_UINPUT_FAIL=EACCES (or ENOENT, EPERM) makes the open fail with that errno;
// with $TACTILE_UINPUT_FAIL_WHEN=PATH as well, only while the file PATH exists.
// Test support only: never linked into tactile. It cannot show what the kernel then does.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <errno.h>
#include <fcntl.h>
#include <linux/uinput.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#define MAX_DEVICES 8

// What the kernel's uinput keeps per open descriptor, as far as the tests need it.
struct device {
    int fd;          // -1: free
    int setup;       // UI_DEV_SETUP done
    int created;     // UI_DEV_CREATE done, not destroyed
    unsigned char evbits[EV_CNT];
    unsigned char keybits[KEY_CNT];
    unsigned char relbits[REL_CNT];
};

static struct device devices[MAX_DEVICES] = {[0 ... MAX_DEVICES - 1] = {.fd = -1}};
static int opened_uinput;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static ssize_t real_write(int fd, const void *buffer, size_t count) {
    static ssize_t (*real)(int, const void *, size_t);
    if (!real) real = dlsym(RTLD_NEXT, "write");
    return real(fd, buffer, count);
}

static int real_close(int fd) {
    static int (*real)(int);
    if (!real) real = dlsym(RTLD_NEXT, "close");
    return real(fd);
}

static int real_open(const char *path, int flags, mode_t mode) {
    static int (*real)(const char *, int, ...);
    if (!real) real = dlsym(RTLD_NEXT, "open");
    return real(path, flags, mode);
}

// Appends one line to the log (the caller holds the lock).
static void log_line(const char *format, ...) {
    const char *path = getenv("TACTILE_UINPUT_LOG");
    if (path == NULL) return;
    char line[4096];
    va_list arguments;
    va_start(arguments, format);
    int length = vsnprintf(line, sizeof line - 1, format, arguments);
    va_end(arguments);
    if (length < 0) return;
    if (length > (int)sizeof line - 2) length = sizeof line - 2;
    line[length++] = '\n';
    int fd = real_open(path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
    if (fd < 0) return;
    real_write(fd, line, (size_t)length);
    real_close(fd);
}

static struct device *device_for(int fd) {
    if (fd < 0) return NULL;
    for (int i = 0; i < MAX_DEVICES; i++) if (devices[i].fd == fd) return &devices[i];
    return NULL;
}

static int failure_errno(void) {
    const char *name = getenv("TACTILE_UINPUT_FAIL");
    const char *when = getenv("TACTILE_UINPUT_FAIL_WHEN");
    if (name == NULL || (when != NULL && access(when, F_OK) != 0)) return 0;
    if (strcmp(name, "EACCES") == 0) return EACCES;
    if (strcmp(name, "EPERM") == 0) return EPERM;
    if (strcmp(name, "ENOENT") == 0) return ENOENT;
    return EIO;
}

// open("/dev/uinput"): a descriptor on /dev/null, remembered as an emulated uinput device.
static int open_uinput(int flags) {
    pthread_mutex_lock(&lock);
    int error = failure_errno();
    int fd = -1;
    if (error != 0) {
        log_line("open /dev/uinput failed: %s", strerror(error));
    } else {
        struct device *free_slot = NULL;
        for (int i = 0; i < MAX_DEVICES && free_slot == NULL; i++) if (devices[i].fd < 0) free_slot = &devices[i];
        fd = free_slot ? real_open("/dev/null", O_WRONLY | (flags & O_CLOEXEC), 0) : -1;
        if (fd >= 0) {
            memset(free_slot, 0, sizeof *free_slot);
            free_slot->fd = fd;
            opened_uinput = 1;
            log_line("open /dev/uinput");
        } else {
            error = EMFILE;
        }
    }
    pthread_mutex_unlock(&lock);
    if (fd < 0) errno = error;
    return fd;
}

static int is_uinput(const char *path) { return path != NULL && strcmp(path, "/dev/uinput") == 0; }

static mode_t mode_argument(int flags, va_list arguments) {
    return (flags & O_CREAT) || (flags & __O_TMPFILE) == __O_TMPFILE ? va_arg(arguments, mode_t) : 0;
}

int open(const char *path, int flags, ...) {
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    if (is_uinput(path)) return open_uinput(flags);
    return real_open(path, flags, mode);
}

int open64(const char *path, int flags, ...) {
    static int (*real)(const char *, int, ...);
    if (!real) real = dlsym(RTLD_NEXT, "open64");
    va_list arguments;
    va_start(arguments, flags);
    mode_t mode = mode_argument(flags, arguments);
    va_end(arguments);
    if (is_uinput(path)) return open_uinput(flags);
    return real(path, flags, mode);
}

int __open_2(const char *path, int flags) {
    static int (*real)(const char *, int);
    if (!real) real = dlsym(RTLD_NEXT, "__open_2");
    if (is_uinput(path)) return open_uinput(flags);
    return real(path, flags);
}

int __open64_2(const char *path, int flags) {
    static int (*real)(const char *, int);
    if (!real) real = dlsym(RTLD_NEXT, "__open64_2");
    if (is_uinput(path)) return open_uinput(flags);
    return real(path, flags);
}

// Sets bit `number` of a declaration, refusing it after UI_DEV_CREATE as the kernel does.
static int declare(struct device *device, unsigned char *bits, int count, int number, const char *what) {
    if (device->created || number < 0 || number >= count) {
        log_line("%s %d refused", what, number);
        errno = EINVAL;
        return -1;
    }
    bits[number] = 1;
    log_line("%s %d", what, number);
    return 0;
}

int ioctl(int fd, unsigned long request, ...) {
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);
    pthread_mutex_lock(&lock);
    struct device *device = device_for(fd);
    if (device == NULL) {
        pthread_mutex_unlock(&lock);
        static int (*real)(int, unsigned long, ...);
        if (!real) real = dlsym(RTLD_NEXT, "ioctl");
        return real(fd, request, argument);
    }
    int result = 0;
    int number = (int)(long)argument;
    switch (request) {
    case UI_SET_EVBIT: result = declare(device, device->evbits, EV_CNT, number, "UI_SET_EVBIT"); break;
    case UI_SET_KEYBIT: result = declare(device, device->keybits, KEY_CNT, number, "UI_SET_KEYBIT"); break;
    case UI_SET_RELBIT: result = declare(device, device->relbits, REL_CNT, number, "UI_SET_RELBIT"); break;
    case UI_DEV_SETUP: {
        const struct uinput_setup *setup = argument;
        if (device->created) {
            log_line("UI_DEV_SETUP refused");
            errno = EINVAL;
            result = -1;
            break;
        }
        device->setup = 1;
        char name[UINPUT_MAX_NAME_SIZE + 1] = {0};
        memcpy(name, setup->name, UINPUT_MAX_NAME_SIZE);
        log_line("UI_DEV_SETUP \"%s\" bus 0x%x", name, setup->id.bustype);
        break;
    }
    case UI_DEV_CREATE:
        if (!device->setup || device->created) {
            log_line("UI_DEV_CREATE refused");
            errno = EINVAL;
            result = -1;
            break;
        }
        device->created = 1;
        log_line("UI_DEV_CREATE");
        break;
    case UI_DEV_DESTROY:
        device->created = 0;
        log_line("UI_DEV_DESTROY");
        break;
    default:
        log_line("ioctl 0x%lx unknown", request);
        errno = EINVAL;
        result = -1;
    }
    pthread_mutex_unlock(&lock);
    return result;
}

static const char *type_name(unsigned short type) {
    switch (type) {
    case EV_SYN: return "EV_SYN";
    case EV_KEY: return "EV_KEY";
    case EV_REL: return "EV_REL";
    default: return "EV_?";
    }
}

// Whether the device declared this event, as the kernel's input core checks before passing it on.
static int declared(const struct device *device, const struct input_event *event) {
    switch (event->type) {
    case EV_SYN: return 1;
    case EV_KEY: return device->evbits[EV_KEY] && event->code < KEY_CNT && device->keybits[event->code];
    case EV_REL: return device->evbits[EV_REL] && event->code < REL_CNT && device->relbits[event->code];
    default: return 0;
    }
}

// Lines written to stdout, each logged as "stdout LINE".
static void log_output(const char *buffer, size_t count) {
    size_t start = 0;
    for (size_t i = 0; i < count; i++) {
        if (buffer[i] != '\n') continue;
        log_line("stdout %.*s", (int)(i - start), buffer + start);
        start = i + 1;
    }
    if (start < count) log_line("stdout %.*s", (int)(count - start), buffer + start);
}

ssize_t write(int fd, const void *buffer, size_t count) {
    pthread_mutex_lock(&lock);
    struct device *device = device_for(fd);
    if (device == NULL) {
        if (fd == STDOUT_FILENO && opened_uinput) log_output(buffer, count);
        pthread_mutex_unlock(&lock);
        return real_write(fd, buffer, count);
    }
    ssize_t result = (ssize_t)count;
    // uinput takes whole input_events only, and only once the device exists.
    if (!device->created) {
        log_line("write refused: no device created");
        errno = EINVAL;
        result = -1;
    } else if (count % sizeof(struct input_event) != 0) {
        log_line("write refused: %zu bytes", count);
        errno = EINVAL;
        result = -1;
    } else {
        const struct input_event *events = buffer;
        for (size_t i = 0; i < count / sizeof(struct input_event); i++) {
            log_line("%s %u %d%s", type_name(events[i].type), events[i].code, events[i].value,
                     declared(device, &events[i]) ? "" : " undeclared");
        }
    }
    pthread_mutex_unlock(&lock);
    return result;
}

int close(int fd) {
    pthread_mutex_lock(&lock);
    struct device *device = device_for(fd);
    if (device != NULL) {
        device->fd = -1;
        log_line("close");
    }
    pthread_mutex_unlock(&lock);
    return real_close(fd);
}
