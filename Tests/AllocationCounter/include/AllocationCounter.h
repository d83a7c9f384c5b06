#ifndef ASSETC_ALLOCATION_COUNTER_H
#define ASSETC_ALLOCATION_COUNTER_H

#include <stddef.h>
#include <stdint.h>

/// What the calling thread asked of malloc between begin and end: the number of allocations
/// (malloc, calloc, realloc) and the bytes they asked for. A count of operations, not seconds, so a
/// test of how cost grows does not depend on how busy the machine is.
typedef struct {
    uint64_t allocations;
    uint64_t bytes;
} AllocationCount;

void allocation_counting_begin(void);
AllocationCount allocation_counting_end(void);

#endif
