/* direct-io-shim: preloaded into the tools, before libumockdev-preload.so.0. umockdev 0.17 turns
 * every read() of an emulated node into a round trip to the testbed process (socket messages and a
 * sleep), which costs more than a gesture tool's own work per frame and is nothing a kernel node
 * does. The testbed never alters evdev data, so reads of a PTY (what an emulated node is
 * underneath: majors 136-143) go straight to it. Every ioctl is still answered by umockdev.
 *
 * It also wraps every write(), whatever the descriptor, in two rt_sigprocmask calls while it looks
 * the descriptor up among its emulated nodes: a tool that writes a line per frame (Tactile) paid
 * that where one that writes a line per gesture (lisgd) did not, and no real machine charges it.
 * Writes to anything but an emulated node (stdout's file or /dev/null, a socket) go straight out. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <sys/stat.h>
#include <sys/syscall.h>
#include <sys/sysmacros.h>
#include <unistd.h>

static int is_pty(int descriptor) {
    struct stat status;
    /* the raw system call: the preloaded fstat wrappers would report the emulated device's number */
    return syscall(SYS_fstat, descriptor, &status) == 0 && S_ISCHR(status.st_mode) &&
           major(status.st_rdev) >= 136 && major(status.st_rdev) <= 143;
}

ssize_t read(int descriptor, void *buffer, size_t size) {
    static ssize_t (*next)(int, void *, size_t);
    if (is_pty(descriptor)) return syscall(SYS_read, descriptor, buffer, size);
    if (!next) next = (ssize_t (*)(int, void *, size_t)) dlsym(RTLD_NEXT, "read");
    return next(descriptor, buffer, size);
}

ssize_t write(int descriptor, const void *buffer, size_t size) {
    static ssize_t (*next)(int, const void *, size_t);
    if (!is_pty(descriptor)) return syscall(SYS_write, descriptor, buffer, size);
    if (!next) next = (ssize_t (*)(int, const void *, size_t)) dlsym(RTLD_NEXT, "write");
    return next(descriptor, buffer, size);
}
