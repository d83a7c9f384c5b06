/* The compressor survey's timing program (run by compressors.py; see docs/performance.md).
 *
 * Compresses each file named in LIST (the filtered PNG rows of one image per file, exactly what
 * assetc hands its compressor) into a zlib stream with one library at one level, on one core, and
 * prints the total size and time; with --per-image, a line per image as well. Every stream is
 * decompressed again with libdeflate (untimed) and compared, so a broken setting cannot win.
 *
 *   compressors LIST libdeflate|isal|zopfli LEVEL [--per-image] [--stride N]
 *
 * libdeflate is always built in; ISA-L (Debian libisal-dev) and Zopfli (libzopfli-dev) when
 * compressors.py finds their headers (-DHAVE_ISAL, -DHAVE_ZOPFLI). For Zopfli, LEVEL is its number
 * of iterations. --stride N takes every Nth image only (Zopfli is too slow for all of them).
 */
#include <libdeflate.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#ifdef HAVE_ISAL
#include <isa-l/igzip_lib.h>
#endif
#ifdef HAVE_ZOPFLI
#include <zopfli/zopfli.h>
#endif

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static unsigned char *read_file(const char *path, size_t *size) {
    FILE *file = fopen(path, "rb");
    if (!file) return NULL;
    fseek(file, 0, SEEK_END);
    long length = ftell(file);
    rewind(file);
    unsigned char *bytes = malloc(length > 0 ? length : 1);
    if (fread(bytes, 1, length, file) != (size_t)length) { free(bytes); fclose(file); return NULL; }
    fclose(file);
    *size = length;
    return bytes;
}

/* Returns the zlib stream's size, or 0 on failure; *out is malloc'ed (Zopfli allocates its own). */
static size_t compress_one(const char *library, int level, const unsigned char *in, size_t size,
                           unsigned char **out) {
    if (strcmp(library, "libdeflate") == 0) {
        static struct libdeflate_compressor *compressor;
        static int compressor_level = -1;
        if (compressor_level != level) {
            if (compressor) libdeflate_free_compressor(compressor);
            compressor = libdeflate_alloc_compressor(level);
            compressor_level = level;
        }
        size_t bound = libdeflate_zlib_compress_bound(compressor, size);
        *out = malloc(bound);
        return libdeflate_zlib_compress(compressor, in, size, *out, bound);
    }
#ifdef HAVE_ISAL
    if (strcmp(library, "isal") == 0) {
        static const unsigned buffer_sizes[] = {ISAL_DEF_LVL0_DEFAULT, ISAL_DEF_LVL1_DEFAULT,
                                                ISAL_DEF_LVL2_DEFAULT, ISAL_DEF_LVL3_DEFAULT};
        if (level < 0 || level > 3) return 0;
        static unsigned char *level_buffer;
        if (!level_buffer) level_buffer = malloc(ISAL_DEF_LVL3_DEFAULT);
        size_t bound = size + size / 8 + 1024;
        *out = malloc(bound);
        struct isal_zstream stream;
        isal_deflate_init(&stream);
        stream.level = level;
        stream.level_buf = level_buffer;
        stream.level_buf_size = buffer_sizes[level];
        stream.gzip_flag = IGZIP_ZLIB;
        stream.end_of_stream = 1;
        stream.flush = NO_FLUSH;
        stream.next_in = (unsigned char *)in;
        stream.avail_in = size;
        stream.next_out = *out;
        stream.avail_out = bound;
        return isal_deflate_stateless(&stream) == COMP_OK ? stream.total_out : 0;
    }
#endif
#ifdef HAVE_ZOPFLI
    if (strcmp(library, "zopfli") == 0) {
        ZopfliOptions options;
        ZopfliInitOptions(&options);
        options.numiterations = level;
        *out = NULL;
        size_t out_size = 0;
        ZopfliCompress(&options, ZOPFLI_FORMAT_ZLIB, in, size, out, &out_size);
        return out_size;
    }
#endif
    *out = NULL;
    return 0;
}

int main(int argc, char **argv) {
    if (argc < 4) {
        fprintf(stderr, "usage: compressors LIST libdeflate|isal|zopfli LEVEL [--per-image] [--stride N]\n");
        return 2;
    }
    const char *library = argv[2];
    int level = atoi(argv[3]);
    int per_image = 0, stride = 1;
    for (int i = 4; i < argc; i++) {
        if (strcmp(argv[i], "--per-image") == 0) per_image = 1;
        else if (strcmp(argv[i], "--stride") == 0 && i + 1 < argc) stride = atoi(argv[++i]);
    }
    FILE *list = fopen(argv[1], "r");
    if (!list) { perror(argv[1]); return 2; }
    struct libdeflate_decompressor *checker = libdeflate_alloc_decompressor();
    char path[4096];
    size_t total_in = 0, total_out = 0;
    double seconds = 0;
    int index = 0, files = 0;
    while (fgets(path, sizeof path, list)) {
        path[strcspn(path, "\n")] = 0;
        if (!path[0] || index++ % stride) continue;
        size_t size;
        unsigned char *in = read_file(path, &size);
        if (!in) { fprintf(stderr, "unreadable: %s\n", path); return 1; }
        unsigned char *out;
        double start = now();
        size_t out_size = compress_one(library, level, in, size, &out);
        double elapsed = now() - start;
        if (out_size == 0) { fprintf(stderr, "%s level %d is not available or failed on %s\n", library, level, path); return 1; }
        unsigned char *back = malloc(size ? size : 1);
        size_t back_size;
        if (libdeflate_zlib_decompress(checker, out, out_size, back, size, &back_size) != LIBDEFLATE_SUCCESS
            || back_size != size || memcmp(back, in, size) != 0) {
            fprintf(stderr, "%s level %d: the stream for %s does not decompress to its input\n", library, level, path);
            return 1;
        }
        if (per_image) printf("image %s %zu %zu %.6f\n", path, size, out_size, elapsed);
        total_in += size;
        total_out += out_size;
        seconds += elapsed;
        files++;
        free(back);
        free(out);
        free(in);
    }
    printf("total %d %zu %zu %.6f\n", files, total_in, total_out, seconds);
    return 0;
}
