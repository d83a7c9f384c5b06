#include "png_shim.h"

#include <libdeflate.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

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

/* Writes filter `type` for one row into out[0..len] (out[0] is the type byte) and returns the row's
   sum of magnitudes. `prev` is the previous raw row, all zeros for the first row. One loop per
   type, with the first pixel split off, keeps the inner loops free of branches. */
static size_t filter_row(int type, const uint8_t *row, const uint8_t *prev, size_t len, size_t bpp, uint8_t *out) {
    out[0] = (uint8_t)type;
    uint8_t *o = out + 1;
    size_t head = bpp < len ? bpp : len;
    size_t sum = 0;
    size_t i;
    switch (type) {
    case 0:
        for (i = 0; i < len; i++) { o[i] = row[i]; sum += magnitude(o[i]); }
        break;
    case 1:
        for (i = 0; i < head; i++) { o[i] = row[i]; sum += magnitude(o[i]); }
        for (; i < len; i++) { o[i] = (uint8_t)(row[i] - row[i - bpp]); sum += magnitude(o[i]); }
        break;
    case 2:
        for (i = 0; i < len; i++) { o[i] = (uint8_t)(row[i] - prev[i]); sum += magnitude(o[i]); }
        break;
    case 3:
        for (i = 0; i < head; i++) { o[i] = (uint8_t)(row[i] - (prev[i] >> 1)); sum += magnitude(o[i]); }
        for (; i < len; i++) {
            o[i] = (uint8_t)(row[i] - ((row[i - bpp] + prev[i]) >> 1));
            sum += magnitude(o[i]);
        }
        break;
    default:
        for (i = 0; i < head; i++) { o[i] = (uint8_t)(row[i] - prev[i]); sum += magnitude(o[i]); }
        for (; i < len; i++) {
            o[i] = (uint8_t)(row[i] - paeth(row[i - bpp], prev[i], prev[i - bpp]));
            sum += magnitude(o[i]);
        }
        break;
    }
    return sum;
}

static size_t bytes_per_pixel(const assetc_png_encode_request *request) {
    int channels = 1;
    switch (request->color_type) {
    case PNG_COLOR_TYPE_RGB: channels = 3; break;
    case PNG_COLOR_TYPE_GRAY_ALPHA: channels = 2; break;
    case PNG_COLOR_TYPE_RGB_ALPHA: channels = 4; break;
    default: channels = 1; break;
    }
    size_t bits = (size_t)channels * (size_t)request->bit_depth;
    return bits >= 8 ? bits / 8 : 1;
}

/* Distinct byte pairs in a filtered row. For palette indices a filter's magnitudes mean nothing;
   fewer distinct pairs means more repeats for deflate to find (oxipng's "bigrams" heuristic).
   `seen` holds 65536 stamps; a fresh `stamp` per call avoids clearing it. */
static size_t distinct_bigrams(const uint8_t *filtered, size_t len, uint32_t *seen, uint32_t stamp) {
    size_t count = 0;
    for (size_t i = 1; i < len; i++) {
        unsigned key = (unsigned)filtered[i - 1] << 8 | filtered[i];
        if (seen[key] != stamp) { seen[key] = stamp; count++; }
    }
    return count;
}

/* Filters every row into one malloc'ed buffer of height * (1 + stride) bytes. */
static uint8_t *filter_image(const assetc_png_encode_request *request, size_t *out_length) {
    size_t len = request->stride;
    size_t bpp = bytes_per_pixel(request);
    size_t total = (size_t)request->height * (len + 1);
    uint8_t *filtered = malloc(total ? total : 1);
    uint8_t *scratch = calloc(2 * (len + 1), 1);  /* a zero row for "above" the first row, and a candidate */
    if (filtered == NULL || scratch == NULL) { free(filtered); free(scratch); return NULL; }
    const uint8_t *zero_row = scratch;
    uint8_t *candidate = scratch + len + 1;
    uint32_t *seen = NULL;
    uint32_t stamp = 0;
    if (request->filter == ASSETC_FILTER_BIGRAMS) {
        seen = calloc(65536, sizeof *seen);
        if (seen == NULL) { free(filtered); free(scratch); return NULL; }
    }
    for (uint32_t y = 0; y < request->height; y++) {
        const uint8_t *row = request->rows + (size_t)y * request->stride;
        const uint8_t *prev = y > 0 ? row - request->stride : zero_row;
        uint8_t *out = filtered + (size_t)y * (len + 1);
        if (request->filter == 0) {
            out[0] = 0;
            memcpy(out + 1, row, len);
            continue;
        }
        if (request->filter == ASSETC_FILTER_BIGRAMS) {
            out[0] = 0;
            memcpy(out + 1, row, len);
            if (y == 0) continue;  /* "up" from a zero row is "none" */
            size_t plain = distinct_bigrams(out + 1, len, seen, ++stamp);
            filter_row(2, row, prev, len, bpp, candidate);
            if (distinct_bigrams(candidate + 1, len, seen, ++stamp) < plain) memcpy(out, candidate, len + 1);
            continue;
        }
        if (request->filter != ASSETC_FILTER_ADAPTIVE) {
            filter_row(request->filter, row, prev, len, bpp, out);
            continue;
        }
        size_t best = filter_row(0, row, prev, len, bpp, out);
        for (int type = 1; type <= 4 && best > 0; type++) {
            size_t cost = filter_row(type, row, prev, len, bpp, candidate);
            if (cost < best) {
                best = cost;
                memcpy(out, candidate, len + 1);
            }
        }
    }
    free(scratch);
    free(seen);
    *out_length = total;
    return filtered;
}

/* Filters and deflates the image into a zlib stream (malloc'ed). */
static uint8_t *deflate_image(const assetc_png_encode_request *request, size_t *out_length,
                              char *error, size_t error_capacity) {
    size_t filtered_length = 0;
    uint8_t *filtered = filter_image(request, &filtered_length);
    if (filtered == NULL) {
        shim_set_error(error, error_capacity, "out of memory while filtering PNG rows");
        return NULL;
    }
    int level = request->compression_level < 1 ? 1 : request->compression_level > 12 ? 12 : request->compression_level;
    struct libdeflate_compressor *compressor = libdeflate_alloc_compressor(level);
    if (compressor == NULL) {
        free(filtered);
        shim_set_error(error, error_capacity, "cannot create a deflate compressor");
        return NULL;
    }
    size_t bound = libdeflate_zlib_compress_bound(compressor, filtered_length);
    uint8_t *compressed = malloc(bound);
    size_t length = compressed ? libdeflate_zlib_compress(compressor, filtered, filtered_length, compressed, bound) : 0;
    libdeflate_free_compressor(compressor);
    free(filtered);
    if (length == 0) {
        free(compressed);
        shim_set_error(error, error_capacity, "deflate failed while encoding PNG");
        return NULL;
    }
    *out_length = length;
    return compressed;
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
    uint8_t *stream = deflate_image(request, &stream_length, error, error_capacity);
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
    png_set_IHDR(png, info, request->width, request->height, request->bit_depth, request->color_type,
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

int assetc_png_read_header(const uint8_t *bytes, size_t length, assetc_png_header *header,
                           char *error, size_t error_capacity) {
    if (shim_check_signature(bytes, length, error, error_capacity) != 0) return -1;
    shim_errors errors = { error, error_capacity };
    shim_reader reader = { bytes, length, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, shim_error_fn, shim_warning_fn);
    if (png == NULL) {
        shim_set_error(error, error_capacity, "cannot create PNG reader");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        return -1;
    }
    png_set_read_fn(png, &reader, shim_read_fn);
    png_read_info(png, info);
    shim_fill_header(png, info, header);
    png_destroy_read_struct(&png, &info, NULL);
    return 0;
}

int assetc_png_decode_rgba(const uint8_t *bytes, size_t length, uint64_t max_pixels,
                           assetc_png_header *header, uint8_t **out_pixels,
                           char *error, size_t error_capacity) {
    if (shim_check_signature(bytes, length, error, error_capacity) != 0) return -1;
    shim_errors errors = { error, error_capacity };
    shim_reader reader = { bytes, length, 0 };
    uint8_t *volatile pixels = NULL;
    png_bytep *volatile rows = NULL;
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, shim_error_fn, shim_warning_fn);
    if (png == NULL) {
        shim_set_error(error, error_capacity, "cannot create PNG reader");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free(pixels);
        free(rows);
        return -1;
    }
    png_set_read_fn(png, &reader, shim_read_fn);
    png_read_info(png, info);
    shim_fill_header(png, info, header);
    uint64_t pixel_count = (uint64_t)header->width * (uint64_t)header->height;
    if (pixel_count > max_pixels) {
        char message[160];
        snprintf(message, sizeof message, "PNG is %ux%u pixels, more than the limit of %llu pixels",
                 header->width, header->height, (unsigned long long)max_pixels);
        png_error(png, message);
    }
    png_set_expand(png);            /* palette, low-depth grey and tRNS become full channels */
    png_set_scale_16(png);          /* 16-bit samples are rounded to 8 bits */
    png_set_gray_to_rgb(png);
    png_set_add_alpha(png, 0xFF, PNG_FILLER_AFTER);
    (void)png_set_interlace_handling(png);
    png_read_update_info(png, info);
    size_t stride = png_get_rowbytes(png, info);
    if (stride != (size_t)header->width * 4) png_error(png, "unexpected row size after conversion to RGBA");
    pixels = malloc(stride * header->height ? stride * header->height : 1);
    rows = malloc(sizeof(png_bytep) * (header->height ? header->height : 1));
    if (pixels == NULL || rows == NULL) png_error(png, "out of memory while decoding PNG");
    for (uint32_t y = 0; y < header->height; y++) rows[y] = pixels + (size_t)y * stride;
    png_read_image(png, rows);
    png_read_end(png, NULL);
    png_destroy_read_struct(&png, &info, NULL);
    free(rows);
    *out_pixels = pixels;
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
    if (shim_check_signature(bytes, length, error, error_capacity) != 0) return -1;
    shim_errors errors = { error, error_capacity };
    shim_reader reader = { bytes, length, 0 };
    png_structp png = png_create_read_struct(PNG_LIBPNG_VER_STRING, &errors, shim_error_fn, shim_warning_fn);
    if (png == NULL) {
        shim_set_error(error, error_capacity, "cannot create PNG reader");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL || setjmp(png_jmpbuf(png))) {
        png_destroy_read_struct(&png, &info, NULL);
        free((void *)color->icc_profile);
        color->icc_profile = NULL;
        return -1;
    }
    png_set_read_fn(png, &reader, shim_read_fn);
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
