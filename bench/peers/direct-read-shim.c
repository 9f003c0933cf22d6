/* direct-read-shim: preloaded into the tools, before libumockdev-preload.so.0. umockdev 0.17 turns
 * every read() of an emulated node into a round trip to the testbed process (socket messages and a
 * sleep), which costs more than a gesture tool's own work per frame and is nothing a kernel node
 * does. The testbed never alters evdev data, so reads of a PTY (what an emulated node is
 * underneath: majors 136-143) go straight to it. Every ioctl is still answered by umockdev. */
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
