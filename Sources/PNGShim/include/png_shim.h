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

typedef struct {
    uint32_t width;
    uint32_t height;
    int bit_depth;                 /* 1, 2, 4 or 8 */
    int color_type;                /* as above, never 16-bit */
    const uint8_t *rows;           /* packed rows, `stride` bytes apart */
    size_t stride;
    const uint8_t *palette_rgb;    /* 3 bytes per entry, for colour type 3 */
    int palette_count;
    const uint8_t *palette_alpha;  /* tRNS entries, may be fewer than palette_count */
    int palette_alpha_count;
    int compression_level;         /* libdeflate level 1-12 */
    int filter;                    /* 0-4: that PNG filter on every row; or one of the modes below */
    const assetc_png_color *color; /* colour chunks to write, or NULL for none (sRGB by default) */
} assetc_png_encode_request;

/* Filter modes beyond the five PNG filter types, choosing a filter per row. */
#define ASSETC_FILTER_ADAPTIVE 5  /* the smallest sum of magnitudes among all five (libpng's way) */
#define ASSETC_FILTER_BIGRAMS 6   /* none or up, whichever leaves fewer distinct byte pairs (indices) */

/* Filters and deflates the rows, then has libpng write signature, IHDR, PLTE and tRNS, one IDAT and
   IEND into a malloc'ed buffer owned by the caller (free with assetc_png_free). Non-interlaced; no
   time, text or gamma chunks, so equal pixels give equal bytes. */
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

void assetc_png_free(void *pointer);

/* libdeflate's version string: compressed bytes depend on it. */
const char *assetc_png_deflate_version(void);

/* The versions of libpng and libdeflate this binary runs with (for the toolchain fingerprint). */
const char *assetc_libpng_version(void);
const char *assetc_libdeflate_version(void);

#endif
