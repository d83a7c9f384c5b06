#ifndef ASSETC_PIXEL_LAYOUT_H
#define ASSETC_PIXEL_LAYOUT_H

#include "include/png_shim.h"

/* Bytes in one row of samples of that layout. */
size_t assetc_layout_stride(uint32_t width, int color_type, int bit_depth);

enum { TABLE_SLOTS = 1024 };

/* A small open-addressing table of at most 256 pixel words, in insertion order. */
typedef struct {
    uint32_t keys[TABLE_SLOTS];
    int16_t slots[TABLE_SLOTS];
    int count;
} assetc_color_table;

/* Packs pixels row by row into a PNG layout (colour type and bit depth), unpremultiplying where the
   layout stores colour channels. For colour type 3 each pixel is stored as the index of its word in
   `palette_words`; for colour type 0 (opaque images only) as its grey level at `bit_depth`. */
typedef struct {
    assetc_pixels pixels;
    int color_type;
    int bit_depth;
    size_t stride;  /* bytes in one packed row */
    int raw;        /* 1: the pixels are rows of this layout already (a PNG's own samples), copied as they are */
    assetc_color_table table;
} assetc_packer;

void assetc_packer_init(assetc_packer *packer, const assetc_pixels *pixels, int color_type, int bit_depth,
                        const uint32_t *palette_words, int palette_count);

/* Writes row `y`'s `stride` bytes to `out`. */
void assetc_pack_row(assetc_packer *packer, uint32_t y, uint8_t *out);

#endif
