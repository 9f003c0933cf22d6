#ifndef TACTILE_ALLOCATION_COUNTER_H
#define TACTILE_ALLOCATION_COUNTER_H
#include <stdint.h>

/// Heap allocations (malloc, calloc, realloc, posix_memalign, aligned_alloc, memalign) made by
/// this process since it started. Linked into the benchmark only: it replaces the allocator's
/// entry points with counting wrappers around glibc's own.
uint64_t tactile_allocation_count(void);

#endif
