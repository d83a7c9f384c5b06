#ifndef ASSETC_PNG_SHIM_H
#define ASSETC_PNG_SHIM_H

#include <stddef.h>
#include <stdint.h>

/* Every function returns 0 on success, or -1 with a message in `error` (NUL-terminated).
   All setjmp/longjmp handling stays inside this target, so callers never see a jump. */

typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;      /* 1, 2, 4, 8 or 16 */
    int color_type;     /* PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA */
    int interlaced;     /* 1 when Adam7 */
} assetc_png_header;

/* The colour chunks of a source PNG: what its pixel values mean. Carried to every PNG drawn from it,
   so a Display P3 or gamma-tagged image is not read as sRGB (iOS honours these chunks). */
typedef struct {
    int srgb_intent;               /* sRGB chunk: rendering intent 0-3, or -1 when absent */
    int has_gamma;                 /* gAMA: gamma * 100000 */
    int gamma;
    int has_chrm;                  /* cHRM: white x, y, red x, y, green x, y, blue x, y, each * 100000 */
    int chrm[8];
    char icc_name[80];             /* iCCP: the profile's name (NUL-terminated) and its bytes */
    const uint8_t *icc_profile;    /* NULL when absent; malloc'ed by the reader, free with assetc_png_free */
    uint32_t icc_length;
} assetc_png_color;

/* Pixels to encode, as the renderer or the PNG reader left them. */
#define ASSETC_PIXELS_RGBA 0                  /* straight alpha, bytes R, G, B, A */
#define ASSETC_PIXELS_ARGB32_PREMULTIPLIED 1  /* Cairo's ARGB32: native-endian words 0xAARRGGBB, premultiplied */

typedef struct {
    const void *data;  /* 4 bytes per pixel, rows `stride` bytes apart */
    uint32_t width;
    uint32_t height;
    size_t stride;
    int format;        /* ASSETC_PIXELS_... */
} assetc_pixels;

/* What one pass over the pixels found. */
typedef struct {
    int opaque;                /* every alpha is 255 */
    int grey;                  /* every pixel has R = G = B */
    int grey_depth;            /* smallest bit depth holding every grey level exactly (8 when not grey) */
    int palette_count;         /* distinct pixels, or -1 when more than 256 */
    uint32_t palette[256];     /* their words as stored, first seen first */
} assetc_pixel_scan;

/* One pass: opaque, grey, grey depth and up to 256 distinct pixel words. Premultiplied words are
   compared as they are: unpremultiplying is one-to-one for each alpha, so distinct stored pixels
   are distinct straight pixels, and grey stays grey. Stops early once nothing more can be learnt. */
void assetc_scan_pixels(const assetc_pixels *pixels, assetc_pixel_scan *scan);

/* The straight RGBA of one stored word (for palette entries). */
void assetc_pixel_straight(int format, uint32_t word, uint8_t rgba[4]);

/* Every pixel as straight RGBA, row after row without padding, into `out` (width * height * 4 bytes). */
void assetc_pixels_straight(const assetc_pixels *pixels, uint8_t *out);

typedef struct {
    assetc_pixels pixels;
    int bit_depth;                 /* 1, 2, 4 or 8 */
    int color_type;                /* 0 grey (opaque pixels only), 2 RGB, 3 palette, 4 grey+alpha, 6 RGBA */
    const uint32_t *palette_words; /* colour type 3: the stored word of each palette entry, in order */
    const uint8_t *palette_rgb;    /* 3 bytes per entry, for colour type 3 */
    int palette_count;
    const uint8_t *palette_alpha;  /* tRNS entries, may be fewer than palette_count */
    int palette_alpha_count;
    int compression_level;         /* libdeflate level 1-12 of the file written, or ASSETC_RUNFLATE_LEVEL */
    int trial_level;               /* with several filters: the level they are compared at; 0 = compression_level */
    const int *filters;            /* filter modes to try (0-4 or ASSETC_FILTER_...): the smallest wins, the */
    int filter_count;              /* first on a tie; with a trial level the winner is compressed again */
    int sample_trials;             /* 1: a large image's modes are compared on a sample of its rows */
    const assetc_png_color *color; /* colour chunks to write, or NULL for none (sRGB by default) */
} assetc_png_encode_request;

/* compression_level for runflate, assetc's run-aware deflate encoder (runflate.c), in place of
   libdeflate: as small as libdeflate's level 12 on rendered art in about a quarter of its time.
   Rows that are not rendered art (runflate_suits) get libdeflate's level 12 instead. */
#define ASSETC_RUNFLATE_LEVEL 13
/* Part of the cache key of files runflate writes: raise it whenever its output changes. */
#define ASSETC_RUNFLATE_VERSION 4
/* Filter modes beyond the five PNG filter types, choosing a filter per row. */
#define ASSETC_FILTER_ADAPTIVE 5  /* the smallest sum of magnitudes among all five (libpng's way) */
#define ASSETC_FILTER_BIGRAMS 6   /* up when it leaves at most half the distinct byte pairs of none (indices) */
#define ASSETC_FILTER_ENTROPY 7   /* the smallest Shannon entropy of the row's bytes among all five */
#define ASSETC_FILTER_FEWEST_PAIRS 8 /* the fewest distinct byte pairs among all five */

/* Packs the pixels into the layout, filters and deflates the rows (once per filter mode), then has
   libpng write signature, IHDR, colour chunks, PLTE and tRNS, one IDAT and IEND into a malloc'ed
   buffer owned by the caller (free with assetc_png_free). Non-interlaced; no time or text chunks,
   so equal pixels give equal bytes. */
int assetc_png_encode(const assetc_png_encode_request *request,
                      uint8_t **out_bytes, size_t *out_length,
                      char *error, size_t error_capacity);

/* Reads the colour chunks (iCCP, sRGB, gAMA, cHRM). `color->icc_profile` is malloc'ed when set. */
int assetc_png_read_color(const uint8_t *bytes, size_t length, assetc_png_color *color,
                          char *error, size_t error_capacity);

/* Reads only the IHDR fields. */
int assetc_png_read_header(const uint8_t *bytes, size_t length, assetc_png_header *header,
                           char *error, size_t error_capacity);

/* Decodes any PNG (palette, grey, 16-bit, interlaced...) to 8-bit straight RGBA in a malloc'ed
   buffer of width*height*4 bytes. Refuses images over max_pixels before allocating. */
int assetc_png_decode_rgba(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                           assetc_png_header *header, uint8_t **out_pixels,
                           char *error, size_t error_capacity);

/* Compresses a non-interlaced PNG's image data again with the request's levels and filter modes,
   keeping every other chunk byte for byte: the same samples at their own depth (a 16-bit file keeps
   its 16 bits) and the same metadata. The request's pixels, layout and palette are ignored (they
   come from the file). *out_bytes (malloc'ed) is the file as it was when that is not larger.
   Refuses interlaced files and images over max_pixels. */
int assetc_png_recompress(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                          const assetc_png_encode_request *settings,
                          uint8_t **out_bytes, size_t *out_length,
                          char *error, size_t error_capacity);

void assetc_png_free(void *pointer);

/* How many threads hold encoder buffers now (each frees them when it ends); for tests. */
long assetc_png_live_thread_states(void);

/* libdeflate's version string: compressed bytes depend on it. */
const char *assetc_png_deflate_version(void);

/* The versions of libpng and libdeflate this binary runs with (for the toolchain fingerprint). */
const char *assetc_libpng_version(void);
const char *assetc_libdeflate_version(void);

#endif
