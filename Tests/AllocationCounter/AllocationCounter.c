// The test binary's malloc, calloc and realloc: each forwards to glibc's own (__libc_*), and while
// the calling thread has counting on it adds to that thread's count. The counters are thread-local
// (initial-exec, so reading them never allocates), so tests running on other threads do not add.
// Swift's runtime allocates through malloc, so a dictionary copied on write shows up here as the
// bytes it copied: the quadratic encoder asked for n² bytes, the linear one asks for n.
#include "AllocationCounter.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static __thread int counting __attribute__((tls_model("initial-exec")));
static __thread AllocationCount count __attribute__((tls_model("initial-exec")));

static inline void note(size_t size) {
    if (counting) {
        count.allocations += 1;
        count.bytes += size;
    }
}

void *malloc(size_t size) {
    note(size);
    return __libc_malloc(size);
}

void *calloc(size_t number, size_t size) {
    note(number * size);
    return __libc_calloc(number, size);
}

void *realloc(void *pointer, size_t size) {
    note(size);
    return __libc_realloc(pointer, size);
}

void allocation_counting_begin(void) {
    count.allocations = 0;
    count.bytes = 0;
    counting = 1;
}

AllocationCount allocation_counting_end(void) {
    counting = 0;
    return count;
}
