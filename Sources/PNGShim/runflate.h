/* runflate: a run-aware DEFLATE encoder for filtered PNG rows (assetc's `--png-effort max`). */
#ifndef RUNFLATE_H
#define RUNFLATE_H
#include <stddef.h>
#include <stdint.h>

/* 1 when rows are rendered art, which runflate compresses best: at least 70% of the bytes lie in
 * stretches of 64 or more where each byte equals one 1-4 bytes before it. Photographs, textures and
 * gradients give 0: their matches are short and far, and libdeflate's level 12, whose binary trees
 * search them deeper, wrote 4.1% smaller streams than runflate on real catalogs' PNGs
 * (docs/performance.md, "Real catalogs' PNGs"). */
int runflate_suits(const uint8_t *data, size_t length);

/* log2(c) for c >= 1 with 16 fractional bits, in integer arithmetic (the same on every machine, which
 * libm's is not): runflate's block splitter and the PNG filters' entropy heuristic use it. */
uint64_t runflate_log2_q16(uint32_t c);

/* Worst-case size of a zlib stream for `length` input bytes (stored blocks plus headers). */
size_t runflate_zlib_bound(size_t length);

/* Compresses data[0..length) into a complete zlib stream (header, deflate blocks, Adler-32) in
 * out[0..capacity). stride is the PNG row length including the filter byte (0 or 1 if unknown).
 * effort: 0 = lazy parse, 1 = one cost-based pass, 2 = iterated cost-based passes, deeper search,
 * block splitting; 3 = deeper still; 4 = assetc's `max` (records all through runs, far matches found
 * through each run's end). Returns the stream size, or 0 when it does not fit or memory runs out. */
size_t runflate_zlib(const uint8_t *data, size_t length, size_t stride, int effort,
                     uint8_t *out, size_t capacity);

/* A reusable context: buffers and hash tables are kept between calls (not thread-safe; use one
 * per thread). runflate_zlib_ctx gives the same bytes as runflate_zlib. */
typedef struct runflate_ctx runflate_ctx;

/* The settings behind an effort (efforts 0-3: the prototype's presets, kept for side-by-side runs;
 * 4: assetc's `max`). Benchmarks may change them; assetc uses runflate_zlib_ctx. */
typedef struct {
    int depth;           /* hash-chain candidates per position */
    int nice;            /* a chain match this long ends the search */
    int passes;          /* cost-based parses of a whole block (0: lazy parse only) */
    int repasses;        /* parses again of each part after splitting */
    int split_depth;     /* levels of recursive block splitting */
    int force_len;       /* a far match this long (without a run inside) is taken outright */
    int force_stride;    /* a row-above match reaching `nice` is taken outright */
    int run_nice;        /* a run (period 1-4) this long is taken outright */
    int run_tail;        /* records kept at the end of a run taken outright */
    int run_depth;       /* chain depth inside a run */
    int end_depth;       /* chain depth for far matches through a run's end (0: none) */
    int run_keep;        /* inside a run, positions with nothing but the run get no record unless
                            this close to its end (0: every position keeps one) */
    size_t max_records;  /* decisions per block */
    int vector_limit;    /* the parse's relaxation loop: 0 (or less) the widest the processor has (AVX2
                            or SSE2 on x86-64 with gcc or clang), 1 SSE2 at most, 2 (or more) scalar;
                            every limit writes the same bytes (the harness compares them) */
} runflate_params;
void runflate_preset(int effort, runflate_params *params);
/* The widest relaxation loop this processor runs: 2 AVX2, 1 SSE2, 0 scalar (for test reports). */
int runflate_vector_level(void);
/* The effort assetc's `--png-effort max` compresses with. */
#define RUNFLATE_EFFORT_MAX 4
size_t runflate_zlib_params(runflate_ctx *ctx, const uint8_t *data, size_t length, size_t stride,
                            const runflate_params *params, uint8_t *out, size_t capacity);
runflate_ctx *runflate_new(void);
void runflate_free(runflate_ctx *ctx);
size_t runflate_zlib_ctx(runflate_ctx *ctx, const uint8_t *data, size_t length, size_t stride, int effort,
                         uint8_t *out, size_t capacity);

#endif
