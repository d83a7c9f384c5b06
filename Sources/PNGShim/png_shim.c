#include "png_shim.h"
#include "pixel_layout.h"

#include <libdeflate.h>
#include "runflate.h"
#include <pthread.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <emmintrin.h>
#endif

typedef struct {
    char *error;
    size_t error_capacity;
} shim_errors;

static void shim_set_error(char *error, size_t capacity, const char *message) {
    if (error == NULL || capacity == 0) return;
    snprintf(error, capacity, "%s", message);
}

static void shim_error_fn(png_structp png, png_const_charp message) {
    shim_errors *errors = (shim_errors *)png_get_error_ptr(png);
    if (errors != NULL) shim_set_error(errors->error, errors->error_capacity, message);
    png_longjmp(png, 1);
}

static void shim_warning_fn(png_structp png, png_const_charp message) {
    (void)png;
    (void)message; /* warnings are not errors; the library never prints */
}

/* ---- filtering and deflating ---- */

static inline uint8_t paeth(int a, int b, int c) {
    int p = a + b - c;
    int pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    if (pa <= pb && pa <= pc) return (uint8_t)a;
    if (pb <= pc) return (uint8_t)b;
    return (uint8_t)c;
}

/* The magnitude libpng's heuristic adds up: a filtered byte read as signed. */
static inline size_t magnitude(uint8_t v) { return v < 128 ? v : 256 - v; }

/* Writes filter `type` for one row into out[0..len] (out[0] is the type byte). `prev` is the
   previous raw row, all zeros for the first row. One loop per type, with the first pixel split
   off, keeps the inner loops free of branches. */
static void filter_row(int type, const uint8_t *row, const uint8_t *prev, size_t len, size_t bpp, uint8_t *out) {
    out[0] = (uint8_t)type;
    uint8_t *o = out + 1;
    size_t head = bpp < len ? bpp : len;
    size_t i;
    switch (type) {
    case 0:
        memcpy(o, row, len);
        break;
    case 1:
        for (i = 0; i < head; i++) o[i] = row[i];
        for (; i < len; i++) o[i] = (uint8_t)(row[i] - row[i - bpp]);
        break;
    case 2:
        for (i = 0; i < len; i++) o[i] = (uint8_t)(row[i] - prev[i]);
        break;
    case 3:
        for (i = 0; i < head; i++) o[i] = (uint8_t)(row[i] - (prev[i] >> 1));
        for (; i < len; i++) o[i] = (uint8_t)(row[i] - ((row[i - bpp] + prev[i]) >> 1));
        break;
    default:
        for (i = 0; i < head; i++) o[i] = (uint8_t)(row[i] - prev[i]);
        for (; i < len; i++) o[i] = (uint8_t)(row[i] - paeth(row[i - bpp], prev[i], prev[i - bpp]));
        break;
    }
}

/* The sum of a filtered row's magnitudes (libpng's heuristic). A magnitude is min(v, 256 - v) as
   bytes, so on x86-64 SSE2 takes sixteen at a time (a minimum, then a sum of absolute differences
   from zero): the compiler's own vector loop widened every byte to 64 bits, and that was most of
   the time `default` spent filtering full-colour rows. The sum is the same exact integer. */
static size_t magnitude_sum(const uint8_t *bytes, size_t len) {
    size_t sum = 0, i = 0;
#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
    const __m128i zero = _mm_setzero_si128();
    __m128i total = zero;
    for (; i + 16 <= len; i += 16) {
        __m128i v = _mm_loadu_si128((const __m128i *)(const void *)(bytes + i));
        total = _mm_add_epi64(total, _mm_sad_epu8(_mm_min_epu8(v, _mm_sub_epi8(zero, v)), zero));
    }
    sum = (size_t)_mm_cvtsi128_si64(total) + (size_t)_mm_cvtsi128_si64(_mm_unpackhi_epi64(total, total));
#endif
    for (; i < len; i++) sum += magnitude(bytes[i]);
    return sum;
}

/* filter_row, returning the row's sum of magnitudes. */
static size_t filter_row_sum(int type, const uint8_t *row, const uint8_t *prev, size_t len, size_t bpp, uint8_t *out) {
    filter_row(type, row, prev, len, bpp, out);
    return magnitude_sum(out + 1, len);
}

/* The distance filters look back: one pixel, or one byte for sub-byte samples. */
static size_t bytes_per_pixel(int color_type, int bit_depth) {
    return bit_depth < 8 ? 1 : assetc_layout_stride(1, color_type, bit_depth);
}

/* Distinct byte pairs in a row, counting no further than `limit`. For palette indices a filter's
   magnitudes mean nothing; fewer distinct pairs means more repeats for deflate to find (oxipng's
   "bigrams" heuristic). Rows are mostly runs: a run's one pair is counted once and the run is
   skipped eight bytes at a time. `seen` is a 65536-bit set and `keys` room for `len` keys; the
   set is left empty on return by clearing only the bits this row set. */
static size_t distinct_bigrams(const uint8_t *bytes, size_t len, uint64_t *seen, uint16_t *keys, size_t limit) {
    size_t count = 0, i = 1;
    while (i < len && count < limit) {
        uint8_t c = bytes[i - 1];
        unsigned key = (unsigned)c << 8 | bytes[i];
        uint64_t bit = (uint64_t)1 << (key & 63);
        if (!(seen[key >> 6] & bit)) {
            seen[key >> 6] |= bit;
            keys[count++] = (uint16_t)key;
        }
        i++;
        if (bytes[i - 1] == c) {  /* inside a run of c: every pair up to its end is (c, c) */
            uint64_t pattern = 0x0101010101010101ull * c, chunk;
            while (i + 8 <= len && (memcpy(&chunk, bytes + i, 8), chunk == pattern)) i += 8;
            while (i < len && bytes[i] == c) i++;
        }
    }
    for (size_t k = 0; k < count; k++) seen[keys[k] >> 6] = 0;
    return count;
}

/* A row's cost by the Shannon entropy of its bytes, in 1/65536 bits: n log2 n - sum of c log2 c over
   the byte values' counts (oxipng's "entropy" heuristic). Smaller means fewer bits for a Huffman
   code. libpng's rows are at most 1,000,000 pixels (8 MB), so every product fits in 64 bits. */
static uint64_t entropy_bits(const uint8_t *bytes, size_t len) {
    uint32_t counts[256] = {0};
    for (size_t i = 0; i < len; i++) counts[bytes[i]]++;
    uint64_t sum = 0;
    for (int v = 0; v < 256; v++)
        if (counts[v] > 1) sum += counts[v] * runflate_log2_q16(counts[v]);
    uint64_t whole = len > 1 ? (uint64_t)len * runflate_log2_q16((uint32_t)len) : 0;
    return whole > sum ? whole - sum : 0; /* (never below: the fixed-point log2 does not decrease) */
}

static int all_equal(const uint8_t *bytes, size_t len) {
    return len == 0 || (bytes[0] == bytes[len - 1] && memcmp(bytes, bytes + 1, len - 1) == 0);
}

/* The row just filtered becomes the next one's "above": its buffer is kept, the other one is
   written next. */
static void next_row(uint8_t **kept, uint8_t **current, const uint8_t **prev) {
    uint8_t *swap = *kept;
    *kept = *current;
    *current = swap;
    *prev = *kept;
}

/* The per-row choices of adaptive, entropy and fewest pairs for `count` rows from `first` (any of the
   three outputs may be NULL; entry y - first is row y's filter type), in one pass: each row is
   filtered the five ways once and each measure picks its filter, the first on a tie. filter_rows
   takes entropy and fewest pairs from here; `max` tries all three for many-colour images, and
   filtering each row five times per heuristic was 16% of a catalog build. Returns 0, or -1 when
   out of memory. */
static int choose_row_filters(assetc_packer *packer, uint32_t first, uint32_t count, size_t bpp, uint8_t *adaptive,
                              uint8_t *entropy, uint8_t *pairs) {
    size_t len = packer->stride;
    uint8_t *scratch = calloc(8 * (len + 1), 1); /* a zero row, the previous and current rows, five candidates */
    uint64_t *seen = pairs ? calloc(1024, sizeof(uint64_t)) : NULL;
    uint16_t *keys = pairs ? malloc((len + 1) * sizeof(uint16_t)) : NULL;
    if (scratch == NULL || (pairs && (seen == NULL || keys == NULL))) {
        free(scratch);
        free(seen);
        free(keys);
        return -1;
    }
    uint8_t *kept = scratch + (len + 1), *current = scratch + 2 * (len + 1), *candidates = scratch + 3 * (len + 1);
    const uint8_t *prev = scratch;
    if (first > 0) {
        assetc_pack_row(packer, first - 1, kept);
        prev = kept;
    }
    for (uint32_t y = first; y < first + count; y++) {
        assetc_pack_row(packer, y, current);
        size_t sums[5];
        for (int type = 0; type < 5; type++)
            sums[type] = filter_row_sum(type, current, prev, len, bpp, candidates + (size_t)type * (len + 1));
        uint8_t least_sum = 0, least_entropy = 0, fewest = 0;
        uint64_t entropies[5] = {0};
        size_t counts[5] = {0};
        for (int type = 0; type < 5; type++) {
            const uint8_t *row = candidates + (size_t)type * (len + 1) + 1;
            if (sums[type] < sums[least_sum]) least_sum = (uint8_t)type;
            if (entropy) {
                entropies[type] = entropy_bits(row, len);
                if (entropies[type] < entropies[least_entropy]) least_entropy = (uint8_t)type;
            }
            if (pairs) {
                /* counting stops at the best so far: a filter that reaches it cannot win */
                counts[type] = distinct_bigrams(row, len, seen, keys, type == 0 ? (size_t)-1 : counts[fewest]);
                if (counts[type] < counts[fewest]) fewest = (uint8_t)type;
            }
        }
        if (adaptive) adaptive[y - first] = least_sum;
        if (entropy) entropy[y - first] = least_entropy;
        if (pairs) pairs[y - first] = fewest;
        next_row(&kept, &current, &prev);
    }
    free(scratch);
    free(seen);
    free(keys);
    return 0;
}

/* Where a per-row heuristic mode's choices go among choose_row_filters' outputs (adaptive, entropy,
   fewest pairs), or -1 for the other modes. */
static int heuristic_slot(int mode) {
    return mode == ASSETC_FILTER_ADAPTIVE ? 0 : mode == ASSETC_FILTER_ENTROPY ? 1 : mode == ASSETC_FILTER_FEWEST_PAIRS ? 2 : -1;
}

/* Packs and filters `count` rows from `first` with `mode` into `filtered` (count * (1 + stride)
   bytes), one row at a time, so the packed image is never stored whole. `types`, when given, holds
   each row's filter type (entry y - first), chosen beforehand; entropy and fewest pairs choose
   theirs with choose_row_filters. Returns 0, or -1 when out of memory. */
static int filter_rows(assetc_packer *packer, uint32_t first, uint32_t count, size_t bpp, int mode,
                       const uint8_t *types, uint8_t *filtered) {
    uint8_t *chosen = NULL;
    if (types == NULL && (mode == ASSETC_FILTER_ENTROPY || mode == ASSETC_FILTER_FEWEST_PAIRS)) {
        chosen = malloc(count ? count : 1);
        if (chosen == NULL || choose_row_filters(packer, first, count, bpp, NULL,
                                                 mode == ASSETC_FILTER_ENTROPY ? chosen : NULL,
                                                 mode == ASSETC_FILTER_FEWEST_PAIRS ? chosen : NULL) != 0) {
            free(chosen);
            return -1;
        }
        types = chosen;
    }
    size_t len = packer->stride;
    /* a zero row for "above" the first row, the previous and current raw rows, and a candidate */
    uint8_t *scratch = calloc(4 * (len + 1), 1);
    uint64_t *seen = NULL;
    uint16_t *keys = NULL;
    if (mode == ASSETC_FILTER_BIGRAMS) {
        seen = calloc(1024, sizeof(uint64_t));
        keys = malloc((len + 1) * sizeof(uint16_t));
    }
    if (scratch == NULL || (mode == ASSETC_FILTER_BIGRAMS && (seen == NULL || keys == NULL))) {
        free(scratch);
        free(seen);
        free(keys);
        free(chosen);
        return -1;
    }
    const uint8_t *zero_row = scratch;
    uint8_t *kept = scratch + (len + 1), *current = scratch + 2 * (len + 1);
    uint8_t *candidate = scratch + 3 * (len + 1);
    const uint8_t *prev = zero_row;
    if (first > 0 && mode != 0) {
        assetc_pack_row(packer, first - 1, kept);
        prev = kept;
    }
    for (uint32_t y = first; y < first + count; y++) {
        uint8_t *out = filtered + (size_t)(y - first) * (len + 1);
        if (mode == 0) {
            out[0] = 0;
            assetc_pack_row(packer, y, out + 1);
            continue;
        }
        if (mode == ASSETC_FILTER_BIGRAMS) {
            uint8_t *raw = out + 1;  /* packed in place; stays when the row is left unfiltered */
            assetc_pack_row(packer, y, raw);
            out[0] = 0;
            /* "up" from the zero row is "none"; a row of one value is best left as it is */
            if (y > 0 && !all_equal(raw, len)) {
                candidate[0] = 2;
                for (size_t i = 0; i < len; i++) candidate[i + 1] = (uint8_t)(raw[i] - prev[i]);
                /* Only a clear gain pays: on the corpus, "up" at fewer than half the pairs gave files
                   as small as the better of none-only and the plain fewer-pairs rule, in one pass. */
                size_t up = distinct_bigrams(candidate + 1, len, seen, keys, (size_t)-1);
                if (distinct_bigrams(raw, len, seen, keys, 2 * up + 1) > 2 * up) {
                    memcpy(kept, raw, len);
                    memcpy(out, candidate, len + 1);
                    prev = kept;
                    continue;
                }
            }
            prev = raw;
            continue;
        }
        assetc_pack_row(packer, y, current);
        if (types != NULL) {
            filter_row(types[y - first], current, prev, len, bpp, out);
        } else if (mode != ASSETC_FILTER_ADAPTIVE) {
            filter_row(mode, current, prev, len, bpp, out);
        } else {
            size_t best = filter_row_sum(0, current, prev, len, bpp, out);
            for (int type = 1; type <= 4 && best > 0; type++) {
                size_t cost = filter_row_sum(type, current, prev, len, bpp, candidate);
                if (cost < best) {
                    best = cost;
                    memcpy(out, candidate, len + 1);
                }
            }
        }
        next_row(&kept, &current, &prev);
    }
    free(scratch);
    free(seen);
    free(keys);
    free(chosen);
    return 0;
}

/* Per-thread buffers reused from image to image. Fresh multi-megabyte allocations come from mmap,
   and the kernel's page faults and zeroing on first touch are paid again for every image. Buffers
   larger than KEEP_BYTES are given back after each image: three kept buffers must stay small next
   to a render worker's memory budget (at least 256 MiB). */
enum { KEEP_BYTES = 16 << 20 };

/* Filter modes of images with more filtered bytes than this are compared on a sample. */
enum { SAMPLE_FROM_BYTES = 256 << 10 };

typedef struct {
    uint8_t *data;
    size_t capacity;
} scratch_buffer;

static uint8_t *scratch_get(scratch_buffer *buffer, size_t size) {
    if (size == 0) size = 1;
    if (buffer->capacity < size) {
        free(buffer->data);
        buffer->data = malloc(size);
        buffer->capacity = buffer->data ? size : 0;
    }
    return buffer->data;
}

static void scratch_trim(scratch_buffer *buffer) {
    if (buffer->capacity > KEEP_BYTES) {
        free(buffer->data);
        buffer->data = NULL;
        buffer->capacity = 0;
    }
}

static void scratch_swap(scratch_buffer *a, scratch_buffer *b) {
    scratch_buffer t = *a;
    *a = *b;
    *b = t;
}

/* What a thread keeps between images: the buffers, and one compressor per level (allocating one
   sets up hash tables of up to a few MB). Freed when the thread exits: render threads come from a
   pool that may end idle threads, and a long-lived process must not collect their buffers. */
typedef struct {
    scratch_buffer filtered, winner, stream;
    struct libdeflate_compressor *compressors[13];
    runflate_ctx *runflate; /* level 13 */
} encoder_state;

static pthread_key_t state_key;
static pthread_once_t state_key_once = PTHREAD_ONCE_INIT;
static _Atomic long live_states;

long assetc_png_live_thread_states(void) { return live_states; }

static void free_state(void *pointer) {
    encoder_state *state = pointer;
    live_states--;
    free(state->filtered.data);
    free(state->winner.data);
    free(state->stream.data);
    for (int level = 0; level < 13; level++) {
        if (state->compressors[level]) libdeflate_free_compressor(state->compressors[level]);
    }
    runflate_free(state->runflate);
    free(state);
}

static void make_state_key(void) { (void)pthread_key_create(&state_key, free_state); }

/* This thread's state, made on first use; NULL when out of memory. */
static encoder_state *thread_state(void) {
    (void)pthread_once(&state_key_once, make_state_key);
    encoder_state *state = pthread_getspecific(state_key);
    if (state == NULL) {
        state = calloc(1, sizeof *state);
        if (state != NULL && pthread_setspecific(state_key, state) != 0) {
            free(state);
            state = NULL;
        }
        if (state != NULL) live_states++;
    }
    return state;
}

static struct libdeflate_compressor *compressor_for(encoder_state *state, int level) {
    if (state->compressors[level] == NULL) state->compressors[level] = libdeflate_alloc_compressor(level);
    return state->compressors[level];
}

/* Compresses `length` bytes of filtered rows, `stride` bytes a row, into `stream` (a scratch
   buffer); the compressed length, 0 on failure. Levels 1-12 are libdeflate's; level 13 is
   runflate's `max` preset, which codes runs in constant time and parses near-optimally
   (docs/performance.md, "runflate"), for rendered art; other rows (photographs, textures) go to
   libdeflate's level 12, which compresses them smaller in about the same time. */
static size_t zlib_compress(encoder_state *state, int level, const uint8_t *data, size_t length,
                            size_t stride, scratch_buffer *stream) {
    if (level == ASSETC_RUNFLATE_LEVEL && !runflate_suits(data, length)) level = 12;
    if (level == ASSETC_RUNFLATE_LEVEL) {
        if (state->runflate == NULL) state->runflate = runflate_new();
        if (state->runflate == NULL) return 0;
        size_t bound = runflate_zlib_bound(length);
        uint8_t *out = scratch_get(stream, bound);
        if (out == NULL) return 0;
        return runflate_zlib_ctx(state->runflate, data, length, stride, RUNFLATE_EFFORT_MAX, out, bound);
    }
    struct libdeflate_compressor *compressor = compressor_for(state, level);
    if (compressor == NULL) return 0;
    size_t bound = libdeflate_zlib_compress_bound(compressor, length);
    uint8_t *out = scratch_get(stream, bound);
    if (out == NULL) return 0;
    return libdeflate_zlib_compress(compressor, data, length, out, bound);
}

static int clamp_level(int level) { return level < 1 ? 1 : level > ASSETC_RUNFLATE_LEVEL ? ASSETC_RUNFLATE_LEVEL : level; }

/* Packs, filters and deflates the image into a zlib stream (malloc'ed): each filter mode in turn,
   keeping the smallest (the first on a tie). With a trial level different from the compression
   level, the modes are compared at the trial level and the winner alone is compressed at the
   compression level. */
static uint8_t *deflate_image(const assetc_png_encode_request *request, int raw_rows, size_t *out_length,
                              char *error, size_t error_capacity) {
    encoder_state *state = thread_state();
    assetc_packer *packer = state ? malloc(sizeof *packer) : NULL;
    if (packer == NULL) {
        shim_set_error(error, error_capacity, "out of memory while packing PNG rows");
        return NULL;
    }
    assetc_packer_init(packer, &request->pixels, request->color_type, request->bit_depth, request->palette_words,
                       request->palette_count);
    packer->raw = raw_rows;
    size_t stride = packer->stride;
    size_t height = request->pixels.height;
    size_t filtered_length = height * (stride + 1);
    int level = clamp_level(request->compression_level);
    int trial_level = request->trial_level > 0 ? clamp_level(request->trial_level) : level;
    int count = request->filter_count > 0 ? request->filter_count : 1;
    static const int no_filter = 0;
    const int *filters = request->filter_count > 0 ? request->filters : &no_filter;
    int recompress = count > 1 && trial_level != level;
    size_t bpp = bytes_per_pixel(request->color_type, request->bit_depth);
    uint8_t *best = NULL;
    size_t best_length = 0;
    const char *failure = NULL;
    int chosen = filters[0];
    if (count > 1 && request->sample_trials && filtered_length > SAMPLE_FROM_BYTES) {
        /* A large image's filter modes are compared on four bands of rows, an eighth of the image,
           and only the winner is filtered and compressed whole. */
        uint32_t band = (uint32_t)(height / 32 > 0 ? height / 32 : 1);
        size_t band_bytes = (size_t)band * (stride + 1);
        uint8_t *sample = scratch_get(&state->winner, 4 * band_bytes);
        size_t smallest = 0;
        if (sample == NULL) failure = "out of memory while filtering PNG rows";
        for (int i = 0; i < count && failure == NULL; i++) {
            for (uint32_t b = 0; b < 4 && failure == NULL; b++) {
                uint32_t first = (uint32_t)(height * (2 * b + 1) / 8);
                if (first + band > height) first = (uint32_t)height - band;
                if (filter_rows(packer, first, band, bpp, filters[i], NULL, sample + b * band_bytes) != 0) {
                    failure = "out of memory while filtering PNG rows";
                }
            }
            size_t length = failure ? 0 : zlib_compress(state, trial_level, sample, 4 * band_bytes, stride + 1, &state->stream);
            if (failure == NULL && length == 0) failure = "deflate failed while encoding PNG";
            if (failure == NULL && (i == 0 || length < smallest)) {
                smallest = length;
                chosen = filters[i];
            }
        }
        filters = &chosen;
        count = 1;
        recompress = 0;
    }
    /* two or more per-row heuristics among the modes: their choices in one pass (choose_row_filters),
       kept in row_types at height * heuristic_slot */
    uint8_t *row_types = NULL;
    int wanted[3] = {0, 0, 0};
    for (int i = 0; i < count; i++)
        if (heuristic_slot(filters[i]) >= 0) wanted[heuristic_slot(filters[i])] = 1;
    if (failure == NULL && wanted[0] + wanted[1] + wanted[2] >= 2) {
        row_types = malloc(3 * height > 0 ? 3 * height : 1);
        if (row_types == NULL ||
            choose_row_filters(packer, 0, (uint32_t)height, bpp, wanted[0] ? row_types : NULL,
                               wanted[1] ? row_types + height : NULL, wanted[2] ? row_types + 2 * height : NULL) != 0) {
            failure = "out of memory while filtering PNG rows";
        }
    }
    for (int i = 0; i < count && failure == NULL; i++) {
        uint8_t *filtered = scratch_get(&state->filtered, filtered_length);
        int slot = heuristic_slot(filters[i]);
        const uint8_t *types = row_types != NULL && slot >= 0 ? row_types + (size_t)slot * height : NULL;
        if (filtered == NULL || filter_rows(packer, 0, (uint32_t)height, bpp, filters[i], types, filtered) != 0) {
            failure = "out of memory while filtering PNG rows";
            break;
        }
        size_t length = zlib_compress(state, count > 1 ? trial_level : level, filtered, filtered_length, stride + 1,
                                      &state->stream);
        if (length == 0) { failure = "deflate failed while encoding PNG"; break; }
        if (best == NULL || length < best_length) {
            free(best);
            best = malloc(length);
            if (best == NULL) { failure = "out of memory while encoding PNG"; break; }
            memcpy(best, state->stream.data, length);
            best_length = length;
            if (recompress) scratch_swap(&state->filtered, &state->winner);  /* keep the winner's rows */
        }
    }
    if (failure == NULL && recompress) {
        size_t length = zlib_compress(state, level, state->winner.data, filtered_length, stride + 1, &state->stream);
        free(best);
        best = length ? malloc(length) : NULL;
        if (best == NULL) {
            failure = "deflate failed while encoding PNG";
        } else {
            memcpy(best, state->stream.data, length);
            best_length = length;
        }
    }
    free(packer);
    free(row_types);
    scratch_trim(&state->filtered);
    scratch_trim(&state->winner);
    scratch_trim(&state->stream);
    if (failure != NULL) {
        free(best);
        shim_set_error(error, error_capacity, failure);
        return NULL;
    }
    *out_length = best_length;
    return best;
}

/* ---- writing into memory ---- */

typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
} shim_buffer;

static void shim_write_fn(png_structp png, png_bytep data, size_t length) {
    shim_buffer *buffer = (shim_buffer *)png_get_io_ptr(png);
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (grown == NULL) png_error(png, "out of memory while encoding PNG");
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, data, length);
    buffer->length += length;
}

static void shim_flush_fn(png_structp png) { (void)png; }

int assetc_png_encode(const assetc_png_encode_request *request,
                      uint8_t **out_bytes, size_t *out_length,
                      char *error, size_t error_capacity) {
    size_t stream_length = 0;
    uint8_t *stream = deflate_image(request, 0, &stream_length, error, error_capacity);
    if (stream == NULL) return -1;
    if (stream_length > 0x7FFFFFFF) {
        free(stream);
        shim_set_error(error, error_capacity, "image data too large for one PNG chunk");
        return -1;
    }
    shim_errors errors = { error, error_capacity };
    shim_buffer buffer = { NULL, 0, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &errors, shim_error_fn, shim_warning_fn);
    if (png == NULL) {
        free(stream);
        shim_set_error(error, error_capacity, "cannot create PNG writer");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        free(stream);
        shim_set_error(error, error_capacity, "cannot create PNG info");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.data);
        free(stream);
        return -1;
    }
    png_set_write_fn(png, &buffer, shim_write_fn, shim_flush_fn);
    /* A profile is carried from the source byte for byte; it is not libpng's to judge on the way
       out. Photoshop's widely shipped "HP sRGB IEC61966-2.1" profile is on libpng's list of
       "known incorrect sRGB profiles", an error when writing: without this, a catalog that Xcode
       builds (GoMap's bing-logo-gray) failed here. */
    png_set_option(png, PNG_SKIP_sRGB_CHECK_PROFILE, PNG_OPTION_ON);
    png_set_benign_errors(png, 1);
    png_set_IHDR(png, info, request->pixels.width, request->pixels.height, request->bit_depth, request->color_type,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    if (request->color_type == PNG_COLOR_TYPE_PALETTE) {
        png_color palette[256];
        int count = request->palette_count > 256 ? 256 : request->palette_count;
        for (int i = 0; i < count; i++) {
            palette[i].red = request->palette_rgb[3 * i];
            palette[i].green = request->palette_rgb[3 * i + 1];
            palette[i].blue = request->palette_rgb[3 * i + 2];
        }
        png_set_PLTE(png, info, palette, count);
        if (request->palette_alpha_count > 0) {
            png_set_tRNS(png, info, request->palette_alpha, request->palette_alpha_count, NULL);
        }
    }
    const assetc_png_color *color = request->color;
    if (color != NULL) {
        /* As the source had them; libpng writes them before PLTE, as the specification orders. */
        if (color->icc_profile != NULL && color->icc_length > 0) {
            png_set_iCCP(png, info, color->icc_name[0] ? color->icc_name : "ICC profile", PNG_COMPRESSION_TYPE_BASE,
                         color->icc_profile, color->icc_length);
        } else if (color->srgb_intent >= 0) {
            png_set_sRGB(png, info, color->srgb_intent);
        }
        if (color->has_gamma) png_set_gAMA_fixed(png, info, color->gamma);
        if (color->has_chrm) {
            png_set_cHRM_fixed(png, info, color->chrm[0], color->chrm[1], color->chrm[2], color->chrm[3],
                               color->chrm[4], color->chrm[5], color->chrm[6], color->chrm[7]);
        }
    }
    png_write_info(png, info);  /* signature, IHDR, colour chunks, PLTE, tRNS */
    static const png_byte idat[5] = { 'I', 'D', 'A', 'T', '\0' };
    static const png_byte iend[5] = { 'I', 'E', 'N', 'D', '\0' };
    png_write_chunk(png, idat, stream, stream_length);
    png_write_chunk(png, iend, NULL, 0);
    png_destroy_write_struct(&png, &info);
    free(stream);
    *out_bytes = buffer.data;
    *out_length = buffer.length;
    return 0;
}

/* ---- reading from memory ---- */

typedef struct {
    const uint8_t *data;
    size_t length;
    size_t offset;
} shim_reader;

static void shim_read_fn(png_structp png, png_bytep out, size_t length) {
    shim_reader *reader = (shim_reader *)png_get_io_ptr(png);
    if (reader->length - reader->offset < length) png_error(png, "PNG file is truncated");
    memcpy(out, reader->data + reader->offset, length);
    reader->offset += length;
}

static int shim_check_signature(const uint8_t *bytes, size_t length, char *error, size_t capacity) {
    if (length < 8 || png_sig_cmp((png_const_bytep)bytes, 0, 8) != 0) {
        shim_set_error(error, capacity, "not a PNG file (bad signature)");
        return -1;
    }
    return 0;
}

static void shim_fill_header(png_structp png, png_infop info, assetc_png_header *header) {
    header->width = png_get_image_width(png, info);
    header->height = png_get_image_height(png, info);
    header->bit_depth = png_get_bit_depth(png, info);
    header->color_type = png_get_color_type(png, info);
    header->interlaced = png_get_interlace_type(png, info) != PNG_INTERLACE_NONE;
}

/* What a libpng reader reads from, where its errors go, and its info struct: one value, declared
   where the reading happens (libpng keeps pointers to it). */
typedef struct {
    shim_errors errors;
    shim_reader reader;
    png_infop info;
} shim_source;

/* A libpng reader over `source`'s bytes, signature checked, errors landing in `source->errors`,
   with its info struct; NULL (and the message) when the bytes are not a PNG or either struct cannot
   be made. The caller sets its own setjmp: libpng longjmps into the frame that reads. */
static png_structp shim_open_reader(shim_source *source) {
    shim_errors *errors = &source->errors;
    if (shim_check_signature(source->reader.data, source->reader.length, errors->error, errors->error_capacity) != 0) return NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, errors, shim_error_fn, shim_warning_fn);
    if (png != NULL) source->info = png_create_info_struct(png);
    if (png == NULL || source->info == NULL) {
        if (png != NULL) png_destroy_read_struct(&png, NULL, NULL);
        shim_set_error(errors->error, errors->error_capacity, "cannot create PNG reader");
        return NULL;
    }
    png_set_read_fn(png, &source->reader, shim_read_fn);
    return png;
}

int assetc_png_read_header(const uint8_t *bytes, size_t length, assetc_png_header *header,
                           char *error, size_t error_capacity) {
    shim_source source = { { error, error_capacity }, { bytes, length, 0 }, NULL };
    png_structp png = shim_open_reader(&source);
    if (png == NULL) return -1;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &source.info, NULL);
        return -1;
    }
    png_read_info(png, source.info);
    shim_fill_header(png, source.info, header);
    png_destroy_read_struct(&png, &source.info, NULL);
    return 0;
}

/* Reads every row into a malloc'ed buffer of height * rowbytes: as 8-bit straight RGBA (to_rgba,
   any PNG), or as the file's own samples, unfiltered and at their own depth (non-interlaced only). */
static uint8_t *read_rows(const uint8_t *bytes, size_t length, uint64_t max_pixels, int to_rgba,
                          assetc_png_header *header, size_t *out_stride, char *error, size_t error_capacity) {
    shim_source source = { { error, error_capacity }, { bytes, length, 0 }, NULL };
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    png_structp png = shim_open_reader(&source);
    if (png == NULL) return NULL;
    png_infop info = source.info;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return NULL;
    }
    png_read_info(png, info);
    shim_fill_header(png, info, header);
    uint64_t pixel_count = (uint64_t)header->width * (uint64_t)header->height;
    if (pixel_count > max_pixels) {
        char message[160];
        snprintf(message, sizeof message, "PNG is %ux%u pixels, more than the limit of %llu pixels",
                 header->width, header->height, (unsigned long long)max_pixels);
        png_error(png, message);
    }
    if (to_rgba) {
        png_set_expand(png);            /* palette, low-depth grey and tRNS become full channels */
        png_set_scale_16(png);          /* 16-bit samples are rounded to 8 bits */
        png_set_gray_to_rgb(png);
        png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
        (void)png_set_interlace_handling(png);
    } else if (header->interlaced) {
        png_error(png, "an interlaced PNG is not compressed again");
    }
    png_read_update_info(png, info);
    size_t stride = png_get_rowbytes(png, info);
    size_t expected = to_rgba ? (size_t)header->width * 4
                              : assetc_layout_stride(header->width, header->color_type, header->bit_depth);
    if (stride != expected) png_error(png, to_rgba ? "unexpected row size after conversion to RGBA" : "unexpected row size");
    /* zeroed: libpng leaves the spare bits at the end of a 1-, 2- or 4-bit row as it finds them,
       and raw rows are filtered and compressed with them (found by review: other bytes each call) */
    pixels = calloc(stride * header->height != 0 ? stride * header->height : 1, 1);
    rows = malloc(sizeof(png_bytep) * (header->height ? header->height : 1));
    if (pixels == NULL || rows == NULL) png_error(png, "out of memory while decoding PNG");
    for (uint32_t y = 0; y < header->height; y++) rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *out_stride = stride;
    return pixels;
}

int assetc_png_decode_rgba(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                           assetc_png_header *header, uint8_t **out_pixels,
                           char *error, size_t error_capacity) {
    size_t stride = 0;
    uint8_t *pixels = read_rows(bytes, length, max_pixels, 1, header, &stride, error, error_capacity);
    if (pixels == NULL) return -1;
    *out_pixels = pixels;
    return 0;
}

/* ---- compressing a PNG's image data again ---- */

static uint32_t read_be32(const uint8_t *p) { return (uint32_t)p[0] << 24 | (uint32_t)p[1] << 16 | (uint32_t)p[2] << 8 | p[3]; }

static void write_be32(uint8_t *p, uint32_t v) { p[0] = (uint8_t)(v >> 24); p[1] = (uint8_t)(v >> 16); p[2] = (uint8_t)(v >> 8); p[3] = (uint8_t)v; }

int assetc_png_recompress(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                          const assetc_png_encode_request *settings,
                          uint8_t **out_bytes, size_t *out_length,
                          char *error, size_t error_capacity) {
    assetc_png_header header;
    size_t stride = 0;
    uint8_t *raw = read_rows(bytes, length, max_pixels, 0, &header, &stride, error, error_capacity);
    if (raw == NULL) return -1;
    assetc_png_encode_request request = *settings;
    request.pixels.data = raw;
    request.pixels.width = header.width;
    request.pixels.height = header.height;
    request.pixels.stride = stride;
    request.color_type = header.color_type;
    request.bit_depth = header.bit_depth;
    request.palette_words = NULL;
    request.palette_count = 0;
    /* filters that choose per row by palette indices' byte pairs are for 8-bit indices only */
    for (int i = 0; i < request.filter_count; i++) {
        if (request.filters[i] == ASSETC_FILTER_BIGRAMS && !(header.color_type == 3 && header.bit_depth == 8)) {
            free(raw);
            shim_set_error(error, error_capacity, "byte-pair filtering needs 8-bit palette rows");
            return -1;
        }
    }
    size_t stream_length = 0;
    uint8_t *stream = deflate_image(&request, 1, &stream_length, error, error_capacity);
    free(raw);
    if (stream == NULL) return -1;
    /* Every chunk but IDAT byte for byte, in its place; the new data as one IDAT where the first was.
       libpng has read the whole file, so its chunks are well formed up to IEND. */
    size_t capacity = length + stream_length + 12;
    uint8_t *out = stream_length <= 0x7FFFFFFF ? malloc(capacity) : NULL;
    if (out == NULL) {
        free(stream);
        shim_set_error(error, error_capacity, stream_length > 0x7FFFFFFF ? "image data too large for one PNG chunk"
                                                                         : "out of memory while encoding PNG");
        return -1;
    }
    memcpy(out, bytes, 8);
    size_t used = 8, offset = 8;
    int written = 0, ended = 0;
    while (!ended && offset + 12 <= length) {
        uint32_t chunk_length = read_be32(bytes + offset);
        if (chunk_length > length - offset - 12) break;
        const uint8_t *type = bytes + offset + 4;
        size_t whole = (size_t)chunk_length + 12;
        if (memcmp(type, "IDAT", 4) == 0) {
            if (!written) {
                write_be32(out + used, (uint32_t)stream_length);
                memcpy(out + used + 4, "IDAT", 4);
                memcpy(out + used + 8, stream, stream_length);
                uint32_t crc = libdeflate_crc32(libdeflate_crc32(0, "IDAT", 4), stream, stream_length);
                write_be32(out + used + 8 + stream_length, crc);
                used += stream_length + 12;
                written = 1;
            }
        } else {
            memcpy(out + used, bytes + offset, whole);
            used += whole;
            ended = memcmp(type, "IEND", 4) == 0;
        }
        offset += whole;
    }
    free(stream);
    if (!written || !ended) {
        free(out);
        shim_set_error(error, error_capacity, "PNG chunks end before IEND");
        return -1;
    }
    /* not smaller than the input up to its IEND (bytes after IEND are never copied, so they must
       not make a larger image data look like a gain; found by review): the file as it was */
    if (used >= offset) {
        memcpy(out, bytes, length);
        used = length;
    }
    *out_bytes = out;
    *out_length = used;
    return 0;
}

void assetc_png_free(void *pointer) { free(pointer); }

const char *assetc_png_deflate_version(void) { return LIBDEFLATE_VERSION_STRING; }

const char *assetc_libpng_version(void) { return png_get_libpng_ver(NULL); }

/* libdeflate has no run-time version call; the header it was built against is what is linked. */
const char *assetc_libdeflate_version(void) { return LIBDEFLATE_VERSION_STRING; }

int assetc_png_read_color(const uint8_t *bytes, size_t length, assetc_png_color *color,
                          char *error, size_t error_capacity) {
    memset(color, 0, sizeof *color);
    color->srgb_intent = -1;
    shim_source source = { { error, error_capacity }, { bytes, length, 0 }, NULL };
    png_structp png = shim_open_reader(&source);
    if (png == NULL) return -1;
    png_infop info = source.info;
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free((void *)color->icc_profile);
        color->icc_profile = NULL;
        return -1;
    }
    png_read_info(png, info);
    int intent;
    if (png_get_sRGB(png, info, &intent)) color->srgb_intent = intent;
    png_fixed_point gamma;
    if (png_get_gAMA_fixed(png, info, &gamma)) {
        color->has_gamma = 1;
        color->gamma = (int)gamma;
    }
    png_fixed_point c[8];
    if (png_get_cHRM_fixed(png, info, &c[0], &c[1], &c[2], &c[3], &c[4], &c[5], &c[6], &c[7])) {
        color->has_chrm = 1;
        for (int i = 0; i < 8; i++) color->chrm[i] = (int)c[i];
    }
    png_charp name;
    int compression;
    png_bytep profile;
    png_uint_32 profile_length;
    if (png_get_iCCP(png, info, &name, &compression, &profile, &profile_length) && profile_length > 0) {
        uint8_t *copy = malloc(profile_length);
        if (copy == NULL) png_error(png, "out of memory while reading an ICC profile");
        memcpy(copy, profile, profile_length);
        color->icc_profile = copy;
        color->icc_length = profile_length;
        snprintf(color->icc_name, sizeof color->icc_name, "%s", name ? name : "");
    }
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}
