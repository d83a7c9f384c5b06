#include "png_shim.h"

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

/* ---- writing into memory ---- */

typedef struct {
    uint8_t *data;
    size_t length;
    size_t capacity;
    int failed;
} shim_buffer;

static void shim_write_fn(png_structp png, png_bytep data, size_t length) {
    shim_buffer *buffer = (shim_buffer *)png_get_io_ptr(png);
    if (buffer->length + length > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 4096;
        while (capacity < buffer->length + length) capacity *= 2;
        uint8_t *grown = realloc(buffer->data, capacity);
        if (grown == NULL) {
            buffer->failed = 1;
            png_error(png, "out of memory while encoding PNG");
        }
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
    shim_errors errors = { error, error_capacity };
    shim_buffer buffer = { NULL, 0, 0, 0 };
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, &errors, shim_error_fn, shim_warning_fn);
    if (png == NULL) {
        shim_set_error(error, error_capacity, "cannot create PNG writer");
        return -1;
    }
    png_infop info = png_create_info_struct(png);
    if (info == NULL) {
        png_destroy_write_struct(&png, NULL);
        shim_set_error(error, error_capacity, "cannot create PNG info");
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        png_destroy_write_struct(&png, &info);
        free(buffer.data);
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
    png_set_compression_level(png, request->compression_level);
    png_set_compression_strategy(png, request->strategy);
    png_set_filter(png, PNG_FILTER_TYPE_BASE, request->filters ? request->filters : PNG_FILTER_NONE);
    png_write_info(png, info);
    for (uint32_t y = 0; y < request->height; y++) {
        png_write_row(png, (png_const_bytep)(request->rows + (size_t)y * request->stride));
    }
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
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
