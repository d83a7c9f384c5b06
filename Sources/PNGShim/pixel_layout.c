#include "pixel_layout.h"

#include <stdlib.h>
#include <string.h>

/* One pixel's straight (unpremultiplied) channels. */
typedef struct { uint8_t r, g, b, a; } straight_pixel;

/* Cairo rounds (c * a + 127) / 255 when it premultiplies; this is the inverse assetc has always used,
   so a premultiplied pixel maps to exactly the straight pixel the older Swift conversion gave. */
static inline uint8_t unpremultiply(uint32_t channel, uint32_t alpha) {
    uint32_t value = (channel * 255 + alpha / 2) / alpha;
    return (uint8_t)(value > 255 ? 255 : value);
}

static inline straight_pixel straight(int format, uint32_t word) {
    straight_pixel p;
    if (format == ASSETC_PIXELS_ARGB32_PREMULTIPLIED) {
        uint32_t a = word >> 24;
        uint32_t r = word >> 16 & 0xFF, g = word >> 8 & 0xFF, b = word & 0xFF;
        p.a = (uint8_t)a;
        if (a == 255) {
            p.r = (uint8_t)r; p.g = (uint8_t)g; p.b = (uint8_t)b;
        } else if (a == 0) {
            p.r = p.g = p.b = 0;
        } else {
            p.r = unpremultiply(r, a); p.g = unpremultiply(g, a); p.b = unpremultiply(b, a);
        }
    } else {
        uint8_t bytes[4];
        memcpy(bytes, &word, 4);
        p.r = bytes[0]; p.g = bytes[1]; p.b = bytes[2]; p.a = bytes[3];
    }
    return p;
}

void assetc_pixel_straight(int format, uint32_t word, uint8_t rgba[4]) {
    straight_pixel p = straight(format, word);
    rgba[0] = p.r; rgba[1] = p.g; rgba[2] = p.b; rgba[3] = p.a;
}

void assetc_pixels_straight(const assetc_pixels *pixels, uint8_t *out) {
    for (uint32_t y = 0; y < pixels->height; y++) {
        const uint8_t *row = (const uint8_t *)pixels->data + (size_t)y * pixels->stride;
        for (uint32_t x = 0; x < pixels->width; x++) {
            uint32_t word;
            memcpy(&word, row + (size_t)x * 4, 4);
            assetc_pixel_straight(pixels->format, word, out);
            out += 4;
        }
    }
}

/* One stored word per straight colour. Cairo can leave premultiplied pixels that no straight colour
   gives: a channel above alpha (which unpremultiplies to 255, as the channel at alpha does) or
   colour under zero alpha (which becomes transparent black). Folding them keeps one palette entry
   per colour, as the straight pixels would have had. Straight words are their own canonical form. */
static inline uint32_t canonical(int format, uint32_t word) {
    if (format != ASSETC_PIXELS_ARGB32_PREMULTIPLIED) return word;
    uint32_t a = word >> 24;
    if (a == 255) return word;
    if (a == 0) return 0;
    uint32_t r = word >> 16 & 0xFF, g = word >> 8 & 0xFF, b = word & 0xFF;
    if (r > a) r = a;
    if (g > a) g = a;
    if (b > a) b = a;
    return a << 24 | r << 16 | g << 8 | b;
}

/* The channels as stored (premultiplied or not; canonical words): enough to tell opaque, grey and
   distinct pixels, because unpremultiplying is one-to-one for each alpha value. */
static inline straight_pixel stored(int format, uint32_t word) {
    straight_pixel p;
    if (format == ASSETC_PIXELS_ARGB32_PREMULTIPLIED) {
        p.a = (uint8_t)(word >> 24); p.r = (uint8_t)(word >> 16); p.g = (uint8_t)(word >> 8); p.b = (uint8_t)word;
    } else {
        uint8_t bytes[4];
        memcpy(bytes, &word, 4);
        p.r = bytes[0]; p.g = bytes[1]; p.b = bytes[2]; p.a = bytes[3];
    }
    return p;
}

/* ---- a small open-addressing table of at most 256 pixel words, in insertion order ---- */

static void table_init(assetc_color_table *table) {
    memset(table->slots, 0xFF, sizeof table->slots);
    table->count = 0;
}

static inline unsigned table_hash(uint32_t word) { return (word * 2654435761u) >> 22; }

/* The word's index, inserting it when new; -1 when the table already holds 256 other words. */
static inline int table_insert(assetc_color_table *table, uint32_t word) {
    unsigned slot = table_hash(word);
    while (table->slots[slot] >= 0) {
        if (table->keys[slot] == word) return table->slots[slot];
        slot = (slot + 1) & (TABLE_SLOTS - 1);
    }
    if (table->count == 256) return -1;
    table->keys[slot] = word;
    table->slots[slot] = (int16_t)table->count;
    return table->count++;
}

void assetc_scan_pixels(const assetc_pixels *pixels, assetc_pixel_scan *scan) {
    assetc_color_table table;
    table_init(&table);
    int opaque = 1, grey = 1, palette = 1;
    int fits1 = 1, fits2 = 1, fits4 = 1;
    uint32_t previous = 0;
    int have_previous = 0;
    uint64_t pair = 0;  /* `previous` twice, to skip runs two pixels per compare */
    for (uint32_t y = 0; y < pixels->height; y++) {
        const uint8_t *row = (const uint8_t *)pixels->data + (size_t)y * pixels->stride;
        uint32_t width = pixels->width;
        uint32_t x = 0;
        while (x < width) {
            uint32_t word;
            memcpy(&word, row + (size_t)x * 4, 4);
            x++;
            /* Artwork repeats pixels in runs; a repeated word adds nothing new, so the rest of the
               run is skipped four pixels at a time. */
            if (have_previous && word == previous) {
                uint64_t a, b;
                while (x + 4 <= width && (memcpy(&a, row + (size_t)x * 4, 8), memcpy(&b, row + (size_t)x * 4 + 8, 8),
                                          a == pair && b == pair)) {
                    x += 4;
                }
                continue;
            }
            previous = word;
            pair = (uint64_t)word << 32 | word;
            have_previous = 1;
            word = canonical(pixels->format, word);
            straight_pixel p = stored(pixels->format, word);
            if (p.a != 255) opaque = 0;
            if (p.r != p.g || p.g != p.b) {
                grey = 0;
            } else if (fits4) {
                if (p.r % 17 != 0) { fits4 = fits2 = fits1 = 0; }
                else if (p.r % 85 != 0) { fits2 = fits1 = 0; }
                else if (p.r != 0 && p.r != 255) { fits1 = 0; }
            }
            if (palette && table_insert(&table, word) < 0) palette = 0;
            if (!palette && !grey && !opaque) goto done;
        }
    }
done:
    scan->opaque = opaque;
    scan->grey = grey;
    scan->grey_depth = !grey ? 8 : fits1 ? 1 : fits2 ? 2 : fits4 ? 4 : 8;
    if (palette) {
        scan->palette_count = table.count;
        for (unsigned slot = 0; slot < TABLE_SLOTS; slot++) {
            if (table.slots[slot] >= 0) scan->palette[table.slots[slot]] = table.keys[slot];
        }
    } else {
        scan->palette_count = -1;
    }
}

size_t assetc_layout_stride(uint32_t width, int color_type, int bit_depth) {
    int channels = color_type == 2 ? 3 : color_type == 4 ? 2 : color_type == 6 ? 4 : 1;
    return ((size_t)width * (size_t)channels * (size_t)bit_depth + 7) / 8;
}

void assetc_packer_init(assetc_packer *packer, const assetc_pixels *pixels, int color_type, int bit_depth,
                        const uint32_t *palette_words, int palette_count) {
    packer->pixels = *pixels;
    packer->color_type = color_type;
    packer->bit_depth = bit_depth;
    packer->stride = assetc_layout_stride(pixels->width, color_type, bit_depth);
    packer->raw = 0;
    table_init(&packer->table);
    if (color_type == 3) {
        for (int i = 0; i < palette_count; i++) (void)table_insert(&packer->table, palette_words[i]);
    }
}

/* One row of one-sample pixels (palette indices or grey levels) at 8 bits: the common case, kept
   free of the sub-byte arithmetic. */
static void pack_row_indexed8(assetc_packer *packer, const uint32_t *restrict words, uint8_t *restrict out) {
    uint32_t width = packer->pixels.width;
    int palette = packer->color_type == 3;
    int format = packer->pixels.format;
    uint32_t previous = words[0] ^ 1;  /* differs from the first word */
    uint64_t pair = 0;
    uint8_t value = 0;
    uint32_t x = 0;
    while (x < width) {
        uint32_t word = words[x];
        if (word != previous) {
            previous = word;
            pair = (uint64_t)word << 32 | word;
            if (palette) {
                int index = table_insert(&packer->table, canonical(format, word));
                value = (uint8_t)(index < 0 ? 0 : index);
            } else {
                value = stored(format, word).r;  /* grey layouts are for opaque images: stored = straight */
            }
        }
        out[x++] = value;
        /* the rest of a run, four pixels at a time */
        uint64_t a, b;
        while (x + 4 <= width && (memcpy(&a, words + x, 8), memcpy(&b, words + x + 2, 8), a == pair && b == pair)) {
            memset(out + x, value, 4);
            x += 4;
        }
    }
}

void assetc_pack_row(assetc_packer *packer, uint32_t y, uint8_t *restrict out) {
    const assetc_pixels *pixels = &packer->pixels;
    const uint8_t *row_bytes = (const uint8_t *)pixels->data + (size_t)y * pixels->stride;
    if (packer->raw) {
        memcpy(out, row_bytes, packer->stride);
        return;
    }
    /* Rows are 4-byte aligned: Cairo's strides are multiples of 4 and RGBA rows are 4 × width. */
    const uint32_t *restrict words = (const uint32_t *)(const void *)row_bytes;
    uint32_t width = pixels->width;
    if (width == 0) return;
    int color_type = packer->color_type, bit_depth = packer->bit_depth, format = pixels->format;
    if (color_type == 3 || color_type == 0) {
        if (bit_depth == 8) {
            pack_row_indexed8(packer, words, out);
            return;
        }
        /* Sub-byte samples are OR-ed into place, so the row starts from zero. */
        memset(out, 0, packer->stride);
        unsigned divisor = color_type == 0 ? 255u / ((1u << bit_depth) - 1) : 1;
        unsigned per_byte = 8 / (unsigned)bit_depth;
        uint32_t previous = words[0] ^ 1;
        uint8_t value = 0;
        for (uint32_t x = 0; x < width; x++) {
            uint32_t word = words[x];
            if (word != previous) {
                previous = word;
                if (color_type == 3) {
                    int index = table_insert(&packer->table, canonical(format, word));
                    value = (uint8_t)(index < 0 ? 0 : index);
                } else {
                    value = (uint8_t)(stored(format, word).r / divisor);
                }
            }
            unsigned shift = (per_byte - 1 - x % per_byte) * (unsigned)bit_depth;
            out[x / per_byte] |= (uint8_t)(value << shift);
        }
        return;
    }
    uint32_t previous = words[0] ^ 1;
    straight_pixel p = { 0, 0, 0, 0 };
    for (uint32_t x = 0; x < width; x++) {
        uint32_t word = words[x];
        if (word != previous) {
            previous = word;
            p = straight(format, word);
        }
        switch (color_type) {
        case 4: out[0] = p.r; out[1] = p.a; out += 2; break;
        case 2: out[0] = p.r; out[1] = p.g; out[2] = p.b; out += 3; break;
        default: out[0] = p.r; out[1] = p.g; out[2] = p.b; out[3] = p.a; out += 4; break;
        }
    }
}
