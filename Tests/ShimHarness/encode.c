/* The PNG shim's encoder under AddressSanitizer and UBSan (`make test` builds and runs it): images of
 * every kind (noise, gradients with two alphas, grey ramps, flat blocks with transparency), odd row
 * strides, widths up to 900, each encoded with the filter-mode lists the efforts use and others,
 * at level 5 and with runflate after level-5 trials, sampled and whole; every file decodes to the
 * pixels it was given. The Swift tests cannot see a heap overrun that does not crash; this can (a
 * scratch buffer one row short in the per-row heuristics' pass crashed render workers on a real
 * catalog, and this program stops at it). */
#include "png_shim.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static uint64_t rng = 88172645463325252ull;
static uint32_t rnd(void) { rng ^= rng << 13; rng ^= rng >> 7; rng ^= rng << 17; return (uint32_t)rng; }

int main(void) {
    /* modes: 0-4 fixed filters, 5 adaptive, 7 entropy, 8 fewest pairs (png_shim.h) */
    static const int lists[][8] = {{5, 0, 1, 7, 8}, {5, 0, 1}, {5, 0}, {7}, {8}, {5, 7}, {0, 2}, {5, 0, 1, 2, 3, 4, 7, 8}};
    static const int counts[] = {5, 3, 2, 1, 1, 2, 2, 8};
    const int nlists = (int)(sizeof counts / sizeof counts[0]);
    int runs = 0, failures = 0;
    for (int iter = 0; iter < 400; iter++) {
        uint32_t width = 1 + rnd() % (iter % 7 == 0 ? 900 : 90), height = 1 + rnd() % 70;
        size_t stride = (size_t)width * 4 + (rnd() % 3) * 4;
        uint8_t *pixels = malloc(stride * height);
        int kind = iter % 4;
        for (uint32_t y = 0; y < height; y++)
            for (uint32_t x = 0; x < width; x++) {
                uint8_t *p = pixels + y * stride + x * 4;
                uint32_t r = rnd();
                if (kind == 0) { p[0] = (uint8_t)r; p[1] = (uint8_t)(r >> 8); p[2] = (uint8_t)(r >> 16); p[3] = 255; }
                else if (kind == 1) { p[0] = (uint8_t)(x * 3); p[1] = (uint8_t)(y * 5); p[2] = (uint8_t)(x ^ y); p[3] = (r & 1) ? 255 : 128; }
                else if (kind == 2) { p[0] = p[1] = p[2] = (uint8_t)(x + y); p[3] = 255; }
                else { p[0] = (uint8_t)((x / 7) * 30); p[1] = 9; p[2] = (uint8_t)((y / 5) * 40); p[3] = x < width / 2 ? 255 : 0; }
            }
        for (int l = 0; l < nlists; l++) {
            for (int runflate = 0; runflate < 2; runflate++) {
                assetc_png_encode_request request;
                memset(&request, 0, sizeof request);
                request.pixels = (assetc_pixels){pixels, width, height, stride, ASSETC_PIXELS_RGBA};
                request.bit_depth = 8;
                request.color_type = 6;
                request.compression_level = runflate ? ASSETC_RUNFLATE_LEVEL : 5;
                request.trial_level = runflate ? 5 : 0;
                request.filters = lists[l];
                request.filter_count = counts[l];
                request.sample_trials = iter & 1;
                uint8_t *file = NULL, *back = NULL;
                size_t length = 0;
                char error[256];
                assetc_png_header header;
                runs++;
                if (assetc_png_encode(&request, &file, &length, error, sizeof error) != 0) {
                    printf("FAIL encode (list %d): %s\n", l, error);
                    failures++;
                    continue;
                }
                if (assetc_png_decode_rgba(file, length, 1u << 26, &header, &back, error, sizeof error) != 0) {
                    printf("FAIL decode (list %d): %s\n", l, error);
                    failures++;
                } else {
                    for (uint32_t y = 0; y < height; y++)
                        if (memcmp(back + (size_t)y * width * 4, pixels + y * stride, (size_t)width * 4) != 0) {
                            printf("FAIL pixels (list %d, %ux%u)\n", l, width, height);
                            failures++;
                            break;
                        }
                    assetc_png_free(back);
                }
                assetc_png_free(file);
            }
        }
        free(pixels);
    }
    printf("%d encodings, %d failed\n", runs, failures);
    return failures != 0;
}
