/* runflate: a run-aware DEFLATE encoder for filtered PNG rows (prototype). */
#ifndef RUNFLATE_H
#define RUNFLATE_H
#include <stddef.h>
#include <stdint.h>

/* Worst-case size of a zlib stream for `length` input bytes (stored blocks plus headers). */
size_t runflate_zlib_bound(size_t length);

/* Compresses data[0..length) into a complete zlib stream (header, deflate blocks, Adler-32) in
 * out[0..capacity). stride is the PNG row length including the filter byte (0 or 1 if unknown).
 * effort: 0 = lazy parse, 1 = one cost-based pass, 2 = iterated cost-based passes, deeper search,
 * block splitting. Returns the stream size, or 0 when it does not fit or memory runs out. */
size_t runflate_zlib(const uint8_t *data, size_t length, size_t stride, int effort,
                     uint8_t *out, size_t capacity);

/* A reusable context: buffers and hash tables are kept between calls (not thread-safe; use one
 * per thread). runflate_zlib_ctx gives the same bytes as runflate_zlib. */
typedef struct runflate_ctx runflate_ctx;
runflate_ctx *runflate_new(void);
void runflate_free(runflate_ctx *ctx);
size_t runflate_zlib_ctx(runflate_ctx *ctx, const uint8_t *data, size_t length, size_t stride, int effort,
                         uint8_t *out, size_t capacity);

#endif
