/* Side-by-side benchmark on one core: runflate at several efforts and libdeflate at several levels
 * on the same filtered rows; every stream is inflated again (untimed) and compared.
 *   bench LIST EVERY [--per-image] -- SETTING...     SETTING: r0 … r4 (runflate effort, reused context), n0 … n4 (runflate, new context per call), l5 l12 (libdeflate level) or z1 (Zopfli, one iteration; when built with HAVE_ZOPFLI)
 * LIST lines: "rows-path stride assetc-idat-bytes png-path". Prints one "total" line per setting. */
#include "runflate.h"
#include <libdeflate.h>
#ifdef HAVE_ZOPFLI
#include <zopfli/zopfli.h>
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec + t.tv_nsec * 1e-9; }

static uint8_t *read_file(const char *path, size_t *size) {
    FILE *f = fopen(path, "rb");
    if (!f) return NULL;
    fseek(f, 0, SEEK_END);
    long len = ftell(f);
    rewind(f);
    uint8_t *b = malloc(len > 0 ? len : 1);
    if (fread(b, 1, len, f) != (size_t)len) { fclose(f); free(b); return NULL; }
    fclose(f);
    *size = len;
    return b;
}

/* An effort's preset, with RF_* environment variables overriding its fields (experiments only). */
static void preset(int effort, runflate_params *p) {
    runflate_preset(effort, p);
    const char *e;
    if ((e = getenv("RF_DEPTH"))) p->depth = atoi(e);
    if ((e = getenv("RF_NICE"))) p->nice = atoi(e);
    if ((e = getenv("RF_PASSES"))) p->passes = atoi(e);
    if ((e = getenv("RF_REPASSES"))) p->repasses = atoi(e);
    if ((e = getenv("RF_SPLIT"))) p->split_depth = atoi(e);
    if ((e = getenv("RF_FORCE"))) p->force_len = atoi(e);
    if ((e = getenv("RF_RUNNICE"))) p->run_nice = atoi(e);
    if ((e = getenv("RF_TAIL"))) p->run_tail = atoi(e);
    if ((e = getenv("RF_RUNDEPTH"))) p->run_depth = atoi(e);
    if ((e = getenv("RF_ENDDEPTH"))) p->end_depth = atoi(e);
    if ((e = getenv("RF_KEEP"))) p->run_keep = atoi(e);
    if ((e = getenv("RF_RECS"))) p->max_records = (size_t)atoi(e);
    if ((e = getenv("RF_VECTOR"))) p->vector_limit = atoi(e);
}

int main(int argc, char **argv) {
    if (argc < 4) { fprintf(stderr, "usage: bench LIST EVERY [--per-image] SETTING...\n"); return 2; }
    int every = atoi(argv[2]), per_image = 0, first = 3;
    if (!strcmp(argv[3], "--per-image")) { per_image = 1; first = 4; }
    int ns = argc - first;
    char **set = argv + first;
    size_t *bytes = calloc(ns, sizeof *bytes);
    double *secs = calloc(ns, sizeof *secs);
    size_t raw = 0; int files = 0, idx = 0;
    FILE *list = fopen(argv[1], "r");
    if (!list) { perror(argv[1]); return 2; }
    runflate_ctx *ctx = runflate_new();
    struct libdeflate_decompressor *dec = libdeflate_alloc_decompressor();
    struct libdeflate_compressor *comp[13] = {0};
    char line[8192], path[4096];
    size_t stride;
    while (fgets(line, sizeof line, list)) {
        if (sscanf(line, "%4095s %zu", path, &stride) != 2) continue;
        if (idx++ % every) continue;
        size_t n;
        uint8_t *in = read_file(path, &n);
        if (!in) { fprintf(stderr, "unreadable %s\n", path); return 1; }
        size_t cap = runflate_zlib_bound(n) + libdeflate_zlib_compress_bound(NULL, n);
        uint8_t *out = malloc(cap), *back = malloc(n + 1);
        if (per_image) printf("image %s %zu", path, n);
        for (int k = 0; k < ns; k++) {
            int level = atoi(set[k] + 1);
            size_t m;
            double t0 = now();
            if (set[k][0] == 'r') { runflate_params rp; preset(level, &rp); m = runflate_zlib_params(ctx, in, n, stride, &rp, out, cap); }
            else if (set[k][0] == 'n') m = runflate_zlib(in, n, stride, level, out, cap); /* no context */
            else if (set[k][0] == 'z') {
#ifdef HAVE_ZOPFLI
                /* Zopfli with `level` iterations, zlib container (its output copied into `out`) */
                ZopfliOptions options;
                ZopfliInitOptions(&options);
                options.numiterations = level;
                unsigned char *z = NULL;
                size_t zn = 0;
                ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, in, n, &z, &zn);
                m = zn <= cap ? zn : 0;
                if (m) memcpy(out, z, zn);
                free(z);
#else
                fprintf(stderr, "built without Zopfli (Debian libzopfli-dev)\n");
                return 2;
#endif
            }
            else {
                if (!comp[level]) comp[level] = libdeflate_alloc_compressor(level);
                m = libdeflate_zlib_compress(comp[level], in, n, out, cap);
            }
            double dt = now() - t0;
            size_t bn;
            if (!m || libdeflate_zlib_decompress(dec, out, m, back, n, &bn) != LIBDEFLATE_SUCCESS || bn != n || memcmp(back, in, n)) {
                fprintf(stderr, "%s: stream for %s does not round-trip\n", set[k], path);
                return 1;
            }
            bytes[k] += m; secs[k] += dt;
            if (per_image) printf(" %s %zu %.6f", set[k], m, dt);
        }
        if (per_image) printf("\n");
        raw += n; files++;
        free(in); free(out); free(back);
    }
    for (int k = 0; k < ns; k++)
        printf("total %s %d %zu %zu %.6f %.2f\n", set[k], files, raw, bytes[k], secs[k], secs[k] * 1e9 / raw);
    return 0;
}
