// Bridges two gaps of umockdev 0.17.16 so real libinput accepts emulated input devices.
// Test support only: preloaded before libumockdev-preload.so.0, never linked into tactile.
//
// 1. udev's database: libudev reads /run/udev/data/c13:N to learn that a device is initialized;
//    umockdev does not redirect that path (fixed in 0.17.18), so opens of it go to the testbed.
// 2. fstat(): the emulated node is a PTY, so fstat reports 136:N and libinput refuses the device;
//    umockdev does not wrap fstat (fixed in 0.19.2), so the testbed's PTY map gives the number.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#define UDEV_DATA "/run/udev/data/"
#define PTY_MAJOR 136

// The testbed's copy of a udev database path, or the path itself.
static const char *redirect(const char *path, char *buffer, size_t size) {
    const char *root = getenv("UMOCKDEV_DIR");
    if (root == NULL || path == NULL || strncmp(path, UDEV_DATA, strlen(UDEV_DATA)) != 0) return path;
    snprintf(buffer, size, "%s%s", root, path);
    return buffer;
}

// Replaces a PTY's device number with the emulated device's, from $UMOCKDEV_DIR/dev/.ptymap.
static void fix_device_number(int fd, struct stat *st) {
    const char *root = getenv("UMOCKDEV_DIR");
    if (root == NULL || !S_ISCHR(st->st_mode) || major(st->st_rdev) != PTY_MAJOR) return;
    char link[64], target[PATH_MAX], map[PATH_MAX], number[32];
    snprintf(link, sizeof link, "/proc/self/fd/%d", fd);
    ssize_t length = readlink(link, target, sizeof target - 1);
    if (length <= 0) return;
    target[length] = '\0';
    for (char *c = target; *c; c++) if (*c == '/') *c = '_';
    snprintf(map, sizeof map, "%s/dev/.ptymap/%s", root, target);
    length = readlink(map, number, sizeof number - 1);
    if (length <= 0) return;
    number[length] = '\0';
    unsigned int maj, min;
    if (sscanf(number, "%u:%u", &maj, &min) == 2) st->st_rdev = makedev(maj, min);
}

FILE *fopen(const char *path, const char *mode) {
    static FILE *(*real)(const char *, const char *);
    if (!real) real = dlsym(RTLD_NEXT, "fopen");
    char buffer[PATH_MAX];
    return real(redirect(path, buffer, sizeof buffer), mode);
}

FILE *fopen64(const char *path, const char *mode) {
    static FILE *(*real)(const char *, const char *);
    if (!real) real = dlsym(RTLD_NEXT, "fopen64");
    char buffer[PATH_MAX];
    return real(redirect(path, buffer, sizeof buffer), mode);
}

int fstat(int fd, struct stat *st) {
    static int (*real)(int, struct stat *);
    if (!real) real = dlsym(RTLD_NEXT, "fstat");
    int result = real(fd, st);
    if (result == 0) fix_device_number(fd, st);
    return result;
}

int fstat64(int fd, struct stat64 *st) {
    static int (*real)(int, struct stat64 *);
    if (!real) real = dlsym(RTLD_NEXT, "fstat64");
    int result = real(fd, st);
    if (result == 0) fix_device_number(fd, (struct stat *)st);
    return result;
}
