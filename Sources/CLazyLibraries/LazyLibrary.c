#include "LazyLibrary.h"

#include <dlfcn.h>
#include <stdio.h>
#include <stdlib.h>

static _Noreturn void fail(const char *what, const char *name) {
    fprintf(stderr, "tactile: cannot load %s %s (%s); is the package that provides it installed?\n", what, name, dlerror());
    exit(1);
}

void *tactile_lazy_resolve(struct tactile_lazy_library *library, const char *symbol) {
    void *handle = __atomic_load_n(&library->handle, __ATOMIC_ACQUIRE);
    if (!handle) {
        // dlopen counts references: a second thread racing here gets the same handle.
        handle = dlopen(library->soname, RTLD_NOW | RTLD_LOCAL);
        if (!handle) fail("library", library->soname);
        __atomic_store_n(&library->handle, handle, __ATOMIC_RELEASE);
    }
    void *address = dlsym(handle, symbol);
    if (!address) fail("symbol", symbol);
    return address;
}
