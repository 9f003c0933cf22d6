#ifndef TACTILE_LAZY_ENTRY_POINT_H
#define TACTILE_LAZY_ENTRY_POINT_H

#include "LazyLibrary.h"

/// The real `name` in `library`: resolved on the first call, kept for every later one.
#define TACTILE_LAZY_TARGET(library, name)                                                       \
    ({                                                                                          \
        static __typeof__(&name) target;                                                        \
        __typeof__(&name) resolved = __atomic_load_n(&target, __ATOMIC_ACQUIRE);                \
        if (!resolved) {                                                                        \
            resolved = (__typeof__(&name))tactile_lazy_resolve(&library, #name);                \
            __atomic_store_n(&target, resolved, __ATOMIC_RELEASE);                              \
        }                                                                                       \
        resolved;                                                                               \
    })

/// Defines `name` with the prototype its header declares, calling the real one.
#define TACTILE_LAZY(library, result, name, parameters, arguments)                               \
    result name parameters { return TACTILE_LAZY_TARGET(library, name) arguments; }

/// `TACTILE_LAZY` for a function returning nothing (C refuses `return f()` there).
#define TACTILE_LAZY_VOID(library, name, parameters, arguments)                                  \
    void name parameters { TACTILE_LAZY_TARGET(library, name) arguments; }

#endif
