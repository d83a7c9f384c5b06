/* runflate: a run-aware DEFLATE encoder for filtered PNG rows, written here from RFC 1950/1951.
 *
 * Pipeline per block:
 *   1. match finding over the input in order, one "record" per position that needs a decision;
 *      a position whose distance-1 (run) or distance-stride (row above) match reaches `nice` bytes
 *      is a *forced* record: that match is taken and the positions it covers are skipped, so a run
 *      of equal bytes costs one record per 258 bytes (constant time per match);
 *   2. parsing over the records: lazy (effort 0), or a shortest-path parse with the block's own
 *      Huffman costs, iterated (effort >= 1);
 *   3. length-limited (package-merge) Huffman codes; the cheapest of stored / fixed / dynamic.
 */
#include "runflate.h"
#include <libdeflate.h>
#include <pthread.h>
#include <stdlib.h>
#include <string.h>

#define WSIZE 32768u
#define WMASK (WSIZE - 1)
#define HASH_BITS 15
#define HASH_SIZE (1u << HASH_BITS)
#define MAX_MATCH 258
#define MIN_MATCH 3
#define MAX_PER_REC 24
#define INF_COST 0xFFFFFFFFu

/* ---------- static tables ---------- */
static const uint16_t len_base[29] = {3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31,
                                      35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227, 258};
static const uint8_t len_extra[29] = {0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2,
                                      3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0};
static const uint16_t dist_base[30] = {1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193,
                                       257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097, 6145,
                                       8193, 12289, 16385, 24577};
static const uint8_t dist_extra[30] = {0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6,
                                       7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13};
static const uint8_t cl_order[19] = {16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15};

static uint8_t len_sym_tab[MAX_MATCH + 1]; /* length -> 0..28 */
static uint8_t dist_sym_tab[512];          /* (d-1) < 256: [d-1]; else [256 + ((d-1) >> 7)] */

static void make_tables(void) {
    for (int s = 0; s < 29; s++) {
        int hi = s < 28 ? len_base[s + 1] - 1 : 258;
        if (s == 27) hi = 257;
        for (int l = len_base[s]; l <= hi; l++) len_sym_tab[l] = (uint8_t)s;
    }
    len_sym_tab[258] = 28;
    for (int s = 0; s < 30; s++) {
        unsigned lo = dist_base[s], hi = lo + (1u << dist_extra[s]) - 1;
        for (unsigned d = lo; d <= hi; d++) {
            if (d - 1 < 256) dist_sym_tab[d - 1] = (uint8_t)s;
            else dist_sym_tab[256 + ((d - 1) >> 7)] = (uint8_t)s;
        }
    }
}

static inline int dist_sym(unsigned d) {
    return d - 1 < 256 ? dist_sym_tab[d - 1] : dist_sym_tab[256 + ((d - 1) >> 7)];
}

/* ---------- bit writer ---------- */
typedef struct {
    uint8_t *out;
    size_t cap, pos;
    uint64_t bits;
    int nbits;
    int overflow;
} BitWriter;

static inline void put_bits(BitWriter *w, uint32_t value, int count) {
    w->bits |= (uint64_t)value << w->nbits;
    w->nbits += count;
    if (w->nbits >= 32) {
        if (w->pos + 4 <= w->cap) {
            uint32_t v = (uint32_t)w->bits;
            w->out[w->pos] = (uint8_t)v;
            w->out[w->pos + 1] = (uint8_t)(v >> 8);
            w->out[w->pos + 2] = (uint8_t)(v >> 16);
            w->out[w->pos + 3] = (uint8_t)(v >> 24);
            w->pos += 4;
        } else {
            w->overflow = 1;
        }
        w->bits >>= 32;
        w->nbits -= 32;
    }
}

static void align_bytes(BitWriter *w) {
    if (w->nbits & 7) put_bits(w, 0, 8 - (w->nbits & 7));
    while (w->nbits > 0) {
        if (w->pos < w->cap) w->out[w->pos++] = (uint8_t)w->bits;
        else w->overflow = 1;
        w->bits >>= 8;
        w->nbits -= 8;
    }
    w->nbits = 0;
    w->bits = 0;
}

static void put_byte_aligned(BitWriter *w, const uint8_t *src, size_t count) {
    if (w->pos + count > w->cap) { w->overflow = 1; return; }
    memcpy(w->out + w->pos, src, count);
    w->pos += count;
}

/* ---------- length-limited Huffman code lengths (package-merge) ---------- */
typedef struct { uint64_t weight; int16_t left, right; int16_t sym; } PMNode;

static int cmp_key(const void *a, const void *b) {
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

/* Sorts by (freq, symbol). count <= 288. */
static void sort_syms(int *syms, int count, const uint32_t *freq) {
    uint64_t key[288];
    for (int i = 0; i < count; i++) key[i] = ((uint64_t)freq[syms[i]] << 9) | (uint64_t)syms[i];
    qsort(key, (size_t)count, sizeof key[0], cmp_key);
    for (int i = 0; i < count; i++) syms[i] = (int)(key[i] & 511);
}

/* Plain Huffman code lengths for m >= 2 symbols sorted by weight (two queues). Returns the
 * longest length. */
static int plain_huffman(const int *syms, int m, const uint32_t *freq, uint8_t *len) {
    uint64_t w[576];
    int parent[576], depth[576];
    for (int i = 0; i < m; i++) w[i] = freq[syms[i]];
    int leaf = 0, node = m, made = m;
    while (made < 2 * m - 1) {
        int pick[2];
        for (int t = 0; t < 2; t++) {
            if (leaf < m && (node >= made || w[leaf] <= w[node])) pick[t] = leaf++;
            else pick[t] = node++;
        }
        w[made] = w[pick[0]] + w[pick[1]];
        parent[pick[0]] = parent[pick[1]] = made;
        made++;
    }
    depth[2 * m - 2] = 0;
    for (int i = 2 * m - 3; i >= 0; i--) depth[i] = depth[parent[i]] + 1;
    int maxd = 0;
    for (int i = 0; i < m; i++) { len[syms[i]] = (uint8_t)depth[i]; if (depth[i] > maxd) maxd = depth[i]; }
    return maxd;
}

/* freq[0..n): lengths into len[0..n); symbols with freq 0 get 0. At least two nonzero
 * frequencies give a complete code; one gives length 1. */
static void huffman_lengths(const uint32_t *freq, int n, int maxbits, uint8_t *len) {
    int syms[288], m = 0;
    memset(len, 0, (size_t)n);
    for (int i = 0; i < n; i++) if (freq[i]) syms[m++] = i;
    if (m == 0) return;
    if (m == 1) { len[syms[0]] = 1; return; }
    sort_syms(syms, m, freq);
    if (plain_huffman(syms, m, freq, len) <= maxbits) return;
    memset(len, 0, (size_t)n);
    /* package-merge, on the heap: rare (only codes longer than maxbits), and too big for a stack */
    PMNode *nodes = malloc(sizeof(PMNode) * 288 * 16 * 2);
    if (nodes == NULL) {
        /* out of memory: a complete code of two lengths (2^k - m of k-1 bits, the rest k bits) */
        int k = 1;
        while ((1 << k) < m) k++;
        int shorter = (1 << k) - m;
        for (int i = 0; i < m; i++) len[syms[i]] = (uint8_t)(i >= m - shorter ? k - 1 : k);
        return;
    }
    int nn = 0;
    int leaves[288], cur[576], next[576], pk[288];
    for (int i = 0; i < m; i++) {
        nodes[nn].weight = freq[syms[i]];
        nodes[nn].left = nodes[nn].right = -1;
        nodes[nn].sym = (int16_t)syms[i];
        leaves[i] = nn++;
    }
    int ncur = m;
    memcpy(cur, leaves, sizeof(int) * (size_t)m);
    for (int level = 1; level < maxbits; level++) {
        int np = 0;
        for (int k = 0; k + 1 < ncur; k += 2) {
            nodes[nn].weight = nodes[cur[k]].weight + nodes[cur[k + 1]].weight;
            nodes[nn].left = (int16_t)cur[k];
            nodes[nn].right = (int16_t)cur[k + 1];
            nodes[nn].sym = -1;
            pk[np++] = nn++;
        }
        int a = 0, b = 0, nx = 0;
        while (a < m || b < np) {
            if (b >= np || (a < m && nodes[leaves[a]].weight <= nodes[pk[b]].weight)) next[nx++] = leaves[a++];
            else next[nx++] = pk[b++];
        }
        memcpy(cur, next, sizeof(int) * (size_t)nx);
        ncur = nx;
    }
    int take = 2 * m - 2, stack[600];
    for (int i = 0; i < take && i < ncur; i++) {
        int sp = 0;
        stack[sp++] = cur[i];
        while (sp) {
            int x = stack[--sp];
            if (nodes[x].sym >= 0) len[nodes[x].sym]++;
            else { stack[sp++] = nodes[x].left; stack[sp++] = nodes[x].right; }
        }
    }
    free(nodes);
}

static void canonical_codes(const uint8_t *len, int n, uint16_t *code) {
    int count[16] = {0}, next[16];
    for (int i = 0; i < n; i++) count[len[i]]++;
    count[0] = 0;
    int c = 0;
    for (int b = 1; b < 16; b++) { c = (c + count[b - 1]) << 1; next[b] = c; }
    for (int i = 0; i < n; i++) {
        if (!len[i]) { code[i] = 0; continue; }
        unsigned v = (unsigned)next[len[i]]++, r = 0;
        for (int b = 0; b < len[i]; b++) { r = (r << 1) | (v & 1); v >>= 1; }
        code[i] = (uint16_t)r;
    }
}

/* ---------- tokens and blocks ---------- */
typedef struct { uint16_t len; uint16_t dist; } Token; /* len 0: literal, dist holds the byte */

typedef struct {
    uint32_t lit[288];
    uint32_t dist[30];
} Freqs;

static void count_tokens(const Token *t, size_t nt, Freqs *f) {
    memset(f, 0, sizeof *f);
    for (size_t i = 0; i < nt; i++) {
        if (t[i].len == 0) f->lit[t[i].dist]++;
        else { f->lit[257 + len_sym_tab[t[i].len]]++; f->dist[dist_sym(t[i].dist)]++; }
    }
    f->lit[256] = 1;
}

typedef struct {
    uint8_t litlen[288], distlen[30];
    uint16_t litcode[288], distcode[30];
    int hlit, hdist, hclen;
    uint8_t cl_len[19];
    uint16_t cl_code[19];
    uint8_t rle_sym[320], rle_extra[320];
    int nrle;
    uint64_t header_bits; /* dynamic header bits, excluding the 3 block-type bits */
} DynCode;

static void build_dynamic(const Freqs *f0, DynCode *d) {
    uint32_t lit[288], dist[30];
    memcpy(lit, f0->lit, sizeof lit);
    memcpy(dist, f0->dist, sizeof dist);
    lit[286] = lit[287] = 0;
    /* at least two symbols in each tree, so each code is complete */
    int used = 0;
    for (int i = 0; i < 286; i++) used += lit[i] != 0;
    if (used < 2) { if (!lit[0]) lit[0] = 1; else lit[1] = 1; }
    used = 0;
    for (int i = 0; i < 30; i++) used += dist[i] != 0;
    if (used < 2) { if (!dist[0]) dist[0] = 1; if (used == 0 || dist[1] == 0) { if (!dist[1]) dist[1] = 1; } }
    huffman_lengths(lit, 286, 15, d->litlen);
    d->litlen[286] = d->litlen[287] = 0;
    huffman_lengths(dist, 30, 15, d->distlen);
    canonical_codes(d->litlen, 288, d->litcode);
    canonical_codes(d->distlen, 30, d->distcode);
    d->hlit = 286;
    while (d->hlit > 257 && d->litlen[d->hlit - 1] == 0) d->hlit--;
    d->hdist = 30;
    while (d->hdist > 1 && d->distlen[d->hdist - 1] == 0) d->hdist--;
    uint8_t all[316];
    int total = d->hlit + d->hdist;
    memcpy(all, d->litlen, (size_t)d->hlit);
    memcpy(all + d->hlit, d->distlen, (size_t)d->hdist);
    uint32_t clf[19] = {0};
    d->nrle = 0;
    for (int i = 0; i < total;) {
        int v = all[i], run = 1;
        while (i + run < total && all[i + run] == v) run++;
        int left = run;
        if (v == 0) {
            while (left >= 11) { int r = left > 138 ? 138 : left; d->rle_sym[d->nrle] = 18; d->rle_extra[d->nrle++] = (uint8_t)(r - 11); clf[18]++; left -= r; }
            if (left >= 3) { d->rle_sym[d->nrle] = 17; d->rle_extra[d->nrle++] = (uint8_t)(left - 3); clf[17]++; left = 0; }
            while (left > 0) { d->rle_sym[d->nrle] = 0; d->rle_extra[d->nrle++] = 0; clf[0]++; left--; }
        } else {
            d->rle_sym[d->nrle] = (uint8_t)v; d->rle_extra[d->nrle++] = 0; clf[v]++; left--;
            while (left >= 3) { int r = left > 6 ? 6 : left; d->rle_sym[d->nrle] = 16; d->rle_extra[d->nrle++] = (uint8_t)(r - 3); clf[16]++; left -= r; }
            while (left > 0) { d->rle_sym[d->nrle] = (uint8_t)v; d->rle_extra[d->nrle++] = 0; clf[v]++; left--; }
        }
        i += run;
    }
    used = 0;
    for (int i = 0; i < 19; i++) used += clf[i] != 0;
    if (used < 2) { if (!clf[0]) clf[0] = 1; else clf[1] = 1; }
    huffman_lengths(clf, 19, 7, d->cl_len);
    canonical_codes(d->cl_len, 19, d->cl_code);
    d->hclen = 19;
    while (d->hclen > 4 && d->cl_len[cl_order[d->hclen - 1]] == 0) d->hclen--;
    uint64_t bits = 5 + 5 + 4 + 3 * (uint64_t)d->hclen;
    for (int i = 0; i < d->nrle; i++) {
        int s = d->rle_sym[i];
        bits += d->cl_len[s] + (s == 16 ? 2 : s == 17 ? 3 : s == 18 ? 7 : 0);
    }
    d->header_bits = bits;
}

static uint64_t data_bits(const Freqs *f, const uint8_t *litlen, const uint8_t *distlen) {
    uint64_t bits = 0;
    for (int i = 0; i < 256; i++) bits += (uint64_t)f->lit[i] * litlen[i];
    bits += litlen[256];
    for (int s = 0; s < 29; s++) bits += (uint64_t)f->lit[257 + s] * (litlen[257 + s] + len_extra[s]);
    for (int s = 0; s < 30; s++) bits += (uint64_t)f->dist[s] * (distlen[s] + dist_extra[s]);
    return bits;
}

static uint8_t fixed_litlen[288], fixed_distlen[30];
static uint16_t fixed_litcode[288], fixed_distcode[30];
static void make_fixed(void) {
    for (int i = 0; i < 288; i++) fixed_litlen[i] = i < 144 ? 8 : i < 256 ? 9 : i < 280 ? 7 : 8;
    for (int i = 0; i < 30; i++) fixed_distlen[i] = 5;
    canonical_codes(fixed_litlen, 288, fixed_litcode);
    canonical_codes(fixed_distlen, 30, fixed_distcode);
}

/* The tables are made once, whichever thread comes first (render threads encode in parallel). */
static pthread_once_t tables_once = PTHREAD_ONCE_INIT;
static int detect_vector_level(void);
static int vector_level;
static void make_all_tables(void) { make_tables(); make_fixed(); vector_level = detect_vector_level(); }
static void init_tables(void) { (void)pthread_once(&tables_once, make_all_tables); }

static void write_tokens(BitWriter *w, const Token *t, size_t nt, const uint8_t *litlen,
                         const uint16_t *litcode, const uint8_t *distlen, const uint16_t *distcode) {
    for (size_t i = 0; i < nt; i++) {
        if (t[i].len == 0) {
            put_bits(w, litcode[t[i].dist], litlen[t[i].dist]);
        } else {
            int ls = len_sym_tab[t[i].len];
            put_bits(w, litcode[257 + ls] | ((uint32_t)(t[i].len - len_base[ls]) << litlen[257 + ls]),
                     litlen[257 + ls] + len_extra[ls]);
            int ds = dist_sym(t[i].dist);
            put_bits(w, distcode[ds] | ((uint32_t)(t[i].dist - dist_base[ds]) << distlen[ds]),
                     distlen[ds] + dist_extra[ds]);
        }
    }
    put_bits(w, litcode[256], litlen[256]);
}

/* Estimated bits of the cheapest block type for tokens covering `bytes` input bytes. */
static uint64_t block_cost(const Token *t, size_t nt, size_t bytes, DynCode *d) {
    Freqs f;
    count_tokens(t, nt, &f);
    build_dynamic(&f, d);
    uint64_t dyn = 3 + d->header_bits + data_bits(&f, d->litlen, d->distlen);
    uint64_t fix = 3 + data_bits(&f, fixed_litlen, fixed_distlen);
    uint64_t sto = (uint64_t)bytes * 8 + ((bytes + 65534) / 65535 + (bytes == 0)) * 40 + 7;
    uint64_t best = dyn < fix ? dyn : fix;
    return best < sto ? best : sto;
}

static void write_block(BitWriter *w, const Token *t, size_t nt, const uint8_t *src, size_t bytes, int final) {
    Freqs f;
    DynCode d;
    count_tokens(t, nt, &f);
    build_dynamic(&f, &d);
    uint64_t dyn = 3 + d.header_bits + data_bits(&f, d.litlen, d.distlen);
    uint64_t fix = 3 + data_bits(&f, fixed_litlen, fixed_distlen);
    size_t chunks = (bytes + 65534) / 65535;
    if (chunks == 0) chunks = 1;
    uint64_t sto = (uint64_t)bytes * 8 + chunks * 35 + 7 + (uint64_t)chunks * 7;
    if (sto < dyn && sto < fix) {
        size_t done = 0;
        for (size_t c = 0; c < chunks; c++) {
            size_t len = bytes - done > 65535 ? 65535 : bytes - done;
            put_bits(w, (final && c == chunks - 1) ? 1 : 0, 3);
            align_bytes(w);
            uint8_t hdr[4] = {(uint8_t)len, (uint8_t)(len >> 8), (uint8_t)~len, (uint8_t)(~len >> 8)};
            put_byte_aligned(w, hdr, 4);
            put_byte_aligned(w, src + done, len);
            done += len;
        }
        return;
    }
    if (fix <= dyn) {
        put_bits(w, (final ? 1 : 0) | (1 << 1), 3);
        write_tokens(w, t, nt, fixed_litlen, fixed_litcode, fixed_distlen, fixed_distcode);
        return;
    }
    put_bits(w, (final ? 1 : 0) | (2 << 1), 3);
    put_bits(w, (uint32_t)(d.hlit - 257), 5);
    put_bits(w, (uint32_t)(d.hdist - 1), 5);
    put_bits(w, (uint32_t)(d.hclen - 4), 4);
    for (int i = 0; i < d.hclen; i++) put_bits(w, d.cl_len[cl_order[i]], 3);
    for (int i = 0; i < d.nrle; i++) {
        int s = d.rle_sym[i];
        put_bits(w, d.cl_code[s], d.cl_len[s]);
        if (s == 16) put_bits(w, d.rle_extra[i], 2);
        else if (s == 17) put_bits(w, d.rle_extra[i], 3);
        else if (s == 18) put_bits(w, d.rle_extra[i], 7);
    }
    write_tokens(w, t, nt, d.litlen, d.litcode, d.distlen, d.distcode);
}

/* ---------- match finding ---------- */
typedef struct { uint16_t len, dist; } Match;

typedef struct {
    const uint8_t *data;
    size_t n, stride;
    uint32_t head[HASH_SIZE]; /* positions + base; entries below base are from earlier calls */
    uint32_t prev[WSIZE];
    uint32_t base;
    /* block records */
    uint32_t *rec_pos;
    uint32_t *rec_first; /* index into matches; rec_first[r+1] - rec_first[r] = count */
    uint8_t *rec_forced;
    Match *matches;
    size_t nrec, nmatch, rec_cap, match_cap, match_alloc;
    /* parse state over the block span */
    uint32_t *cost, *stamp;
    uint16_t *from_len, *from_dist;
    size_t span_cap, span_cap_alloc;
    uint32_t epoch;
    Token *tokens, *tokens2, *tokens3;
    size_t tok_cap;
    /* parameters */
    int run_tail; /* records kept at the end of a forced run */
    int run_nice; /* a period-<=4 match this long is forced */
    int depth, nice, passes, force_stride, split_depth, repasses, force_len;
    int run_depth;          /* chain depth at a position inside a run (distance-1 match of 16+) */
    int vector;             /* the parse's relaxation loop: 0 scalar, 1 SSE2, 2 AVX2 */
    size_t cont_pos;        /* the previous record's position and its longest far match, */
    unsigned cont_dist;     /* which continues at the next position */
    /* far matches through the end of the current run: found once per run by a chain search at
     * the run's end; each applies from the positions its source's own run covers */
    int end_depth;
    int run_keep; /* a run position whose only match is the run, farther than this from its end, gets no record */
    size_t rc_end;
    int rc_count;
    unsigned rc_dist[4], rc_ext[4], rc_run[4];
} State;

/* The chains hash 4 bytes, not 3: in textures and photographs most 3-byte matches are too short to
 * pay for their distance, and they filled the 64 candidates a position may look at (4 bytes gave
 * 1.2% smaller streams on real catalogs' PNGs, and rendered art's bytes did not grow). Matches of 3
 * come from the short periods and the row above. */
static inline uint32_t hash4(const uint8_t *p) {
    uint32_t v;
    memcpy(&v, p, 4);
    return (v * 2654435761u) >> (32 - HASH_BITS);
}

static inline void insert(State *s, size_t i) {
    if (i + 4 > s->n) return;
    uint32_t h = hash4(s->data + i), v = s->base + (uint32_t)i;
    s->prev[v & WMASK] = s->head[h];
    s->head[h] = v;
}

static inline unsigned match_len(const uint8_t *a, const uint8_t *b, unsigned max) {
    unsigned l = 0;
    while (l + 8 <= max) {
        uint64_t x, y;
        memcpy(&x, a + l, 8);
        memcpy(&y, b + l, 8);
        uint64_t z = x ^ y;
        if (z) return l + (unsigned)(__builtin_ctzll(z) >> 3);
        l += 8;
    }
    while (l < max && a[l] == b[l]) l++;
    return l;
}

/* Length of the part of d[i..i+len) before the first stretch of 17 equal bytes: a far match is
 * forced only over such a part, since a run inside it codes far cheaper at distance 1. */
static unsigned run_free_prefix(const uint8_t *d, size_t i, unsigned len) {
    unsigned eq = 0;
    for (unsigned k = 1; k < len; k++) {
        if (d[i + k] == d[i + k - 1]) { if (++eq == 16) return k - 16 + 1 > 0 ? k - 15 : 0; }
        else eq = 0;
    }
    return len;
}

/* Position i lies in a run of equal bytes that ends at e = i + r (d[e] differs). A far match from
 * i that reaches past e has a source ending a run of the same byte at e - dist and continuing as e
 * does; the chain of e's 4-byte hash finds those sources once per run (the longest continuations,
 * each with its source's run length), and every position of the run takes the ones its run covers. */
static void add_run_end_matches(State *s, size_t i, unsigned r, unsigned max, Match *out, int *c, unsigned *best) {
    const uint8_t *d = s->data;
    size_t e = i + r;
    if (e + 4 > s->n) return; /* (the chain hashes 4 bytes at e) */
    if (s->rc_end != e) {
        s->rc_end = e;
        s->rc_count = 0;
        uint8_t b = d[i];
        uint32_t base = s->base, ib = base + (uint32_t)i;
        uint32_t cand = s->head[hash4(d + e)];
        uint32_t limit = e > WSIZE - 1 ? base + (uint32_t)(e - (WSIZE - 1)) : base;
        unsigned ext_max = s->n - e > MAX_MATCH ? MAX_MATCH : (unsigned)(s->n - e);
        int depth = s->end_depth;
        while (cand >= limit && cand < ib && depth-- > 0) {
            size_t p = cand - base;
            if (p > 0 && d[p - 1] == b && d[p] == d[e]) {
                unsigned ext = match_len(d + e, d + p, ext_max);
                if (ext >= MIN_MATCH) {
                    unsigned run = 0;
                    while (run < MAX_MATCH && run < p && d[p - 1 - run] == b) run++;
                    /* keep up to four, longest reach first (reach = ext, for the run's start) */
                    int k;
                    if (s->rc_count < 4) k = s->rc_count++;
                    else if (s->rc_ext[3] >= ext) goto next;
                    else k = 3;
                    while (k > 0 && s->rc_ext[k - 1] < ext) {
                        s->rc_dist[k] = s->rc_dist[k - 1]; s->rc_ext[k] = s->rc_ext[k - 1]; s->rc_run[k] = s->rc_run[k - 1]; k--;
                    }
                    s->rc_dist[k] = (unsigned)(e - p); s->rc_ext[k] = ext; s->rc_run[k] = run;
                }
            }
        next:;
            uint32_t nx = s->prev[cand & WMASK];
            if (nx >= cand) break;
            cand = nx;
        }
    }
    for (int k = 0; k < s->rc_count; k++) {
        if (s->rc_run[k] < r || s->rc_dist[k] > i || s->rc_dist[k] >= WSIZE) continue;
        unsigned l = r + s->rc_ext[k];
        if (l > max) l = max;
        if (l > *best && *c < MAX_PER_REC) { *best = l; out[*c].len = (uint16_t)l; out[(*c)++].dist = (uint16_t)s->rc_dist[k]; }
    }
}

/* Finds the matches at position i; returns the longest length (0 if none), stores increasing
 * lengths in out. *forced set when a run or row match reaches nice. */
static int find_matches(State *s, size_t i, Match *out, int *count, int *forced) {
    const uint8_t *d = s->data;
    unsigned max = s->n - i > MAX_MATCH ? MAX_MATCH : (unsigned)(s->n - i);
    int c = 0;
    unsigned best = MIN_MATCH - 1;
    *forced = 0;
    if (max < MIN_MATCH) { *count = 0; return 0; }
    /* short periods: runs of equal bytes (1) and of repeated 2-, 3-, 4-byte pixels */
    for (unsigned per = 1; per <= 4 && per <= i; per++) {
        if (d[i] != d[i - per] || d[i + best] != d[i - per + best]) continue;
        unsigned l = match_len(d + i, d + i - per, max);
        if (l > best) { best = l; out[c].len = (uint16_t)l; out[c++].dist = (uint16_t)per; }
        if (l >= (unsigned)s->run_nice) { *forced = 1; out[0] = out[c - 1]; *count = 1; return (int)l; }
        if (l >= max) { *count = c; return (int)l; }
    }
    size_t st = s->stride;
    unsigned stride_len = 0;
    if (st > 4 && st < WSIZE && i >= st && d[i] == d[i - st] && d[i + best] == d[i - st + best]) {
        stride_len = match_len(d + i, d + i - st, max);
        if (stride_len > best && stride_len >= (unsigned)s->nice && s->force_stride &&
            run_free_prefix(d, i, stride_len) >= (unsigned)s->nice) {
            *forced = 1; out[0].len = (uint16_t)stride_len; out[0].dist = (uint16_t)st; *count = 1; return (int)stride_len;
        }
    }
    if (best >= max) goto sorted;
    int depth = s->depth;
    if (c > 0 && out[0].dist == 1 && out[0].len >= 16) {
        depth = s->run_depth;
        if (s->end_depth > 0 && out[0].len < max) add_run_end_matches(s, i, out[0].len, max, out, &c, &best);
        if (best >= max) goto sorted; /* (d[i + best] would read past the data) */
    }
    if (s->cont_dist > 4 && s->cont_pos + 1 == i && s->cont_dist <= i && s->cont_dist != st) {
        const uint8_t *p = d + i - s->cont_dist;
        if (p[best] == d[i + best] && p[0] == d[i]) {
            unsigned l = match_len(d + i, p, max);
            if (l > best) { best = l; out[c].len = (uint16_t)l; out[c++].dist = (uint16_t)s->cont_dist; }
        }
        if (best >= max) goto sorted;
    }
    if (i + 4 > s->n) goto sorted; /* (the chain hashes 4 bytes) */
    uint32_t base = s->base, ib = base + (uint32_t)i;
    uint32_t cand = s->head[hash4(d + i)];
    uint32_t limit = i > WSIZE - 1 ? ib - (WSIZE - 1) : base;
    while (cand >= limit && cand < ib && depth-- > 0) {
        const uint8_t *p = d + (cand - base);
        if (p[best] == d[i + best] && p[0] == d[i] && p[1] == d[i + 1]) {
            unsigned l = match_len(d + i, p, max);
            if (l > best) {
                best = l;
                unsigned dist = ib - cand;
                if (c < MAX_PER_REC) { out[c].len = (uint16_t)l; out[c++].dist = (uint16_t)dist; }
                else { out[c - 1].len = (uint16_t)l; out[c - 1].dist = (uint16_t)dist; }
                if (l >= (unsigned)s->nice || l == max) break;
            }
        }
        uint32_t nx = s->prev[cand & WMASK];
        if (nx >= cand) break;
        cand = nx;
    }
    if (stride_len > best) {
        best = stride_len;
        if (c == MAX_PER_REC) c--;
        out[c].len = (uint16_t)stride_len; out[c++].dist = (uint16_t)st;
    }
sorted:
    /* keep the list sorted by length (stride/run candidates came first, chain after) */
    for (int a = 1; a < c; a++) {
        Match m = out[a];
        int b = a - 1;
        while (b >= 0 && out[b].len > m.len) { out[b + 1] = out[b]; b--; }
        out[b + 1] = m;
    }
    s->cont_pos = i;
    s->cont_dist = c > 0 ? out[c - 1].dist : 0;
    if (best >= (unsigned)s->force_len && run_free_prefix(d, i, best) >= (unsigned)s->force_len) {
        /* a long match: take the nearest one of at least force_len bytes and skip what it covers */
        int pick = -1;
        for (int a = 0; a < c; a++)
            if (out[a].len >= (unsigned)s->force_len && (pick < 0 || out[a].dist < out[pick].dist)) pick = a;
        out[0] = out[pick];
        *count = 1;
        *forced = 1;
        return out[0].len;
    }
    *count = c;
    return best >= MIN_MATCH ? (int)best : 0;
}

/* Match-finds one block starting at pos; returns the block end. */
static size_t find_block(State *s, size_t pos, size_t max_records) {
    size_t bs = pos;
    s->nrec = 0;
    s->nmatch = 0;
    int run_open = 0; /* the previous position was taken without forcing and has a run match */
    while (pos < s->n && s->nrec < max_records && s->nmatch + MAX_PER_REC <= s->match_cap &&
           pos - bs < s->span_cap - MAX_MATCH - 2) {
        Match buf[MAX_PER_REC];
        int cnt, forced;
        int longest = find_matches(s, pos, buf, &cnt, &forced);
        size_t r = s->nrec++;
        s->rec_pos[r] = (uint32_t)(pos - bs);
        s->rec_first[r] = (uint32_t)s->nmatch;
        s->rec_forced[r] = (uint8_t)forced;
        int had_run = 0;
        for (int k = 0; k < cnt; k++) had_run |= buf[k].dist == 1;
        if (forced) {
            run_open = 0;
            s->matches[s->nmatch++] = buf[cnt - 1];
            insert(s, pos);
            size_t end = pos + (size_t)longest;
            size_t next = end;
            if (buf[cnt - 1].dist <= 4) {
                /* the last run_tail positions of the run get records of their own, so the parse
                 * can end the run early for a match that reaches past it */
                if (s->run_tail && longest < MAX_MATCH && end - pos > (size_t)s->run_tail + 1) next = end - (size_t)s->run_tail;
                if (end >= 2 && end - 2 < next && end - 2 > pos) insert(s, end - 2);
                if (end >= 1 && end - 1 < next && end - 1 > pos) insert(s, end - 1);
            } else {
                for (size_t k = pos + 1; k < end; k++) insert(s, k);
            }
            pos = next;
        } else if (s->run_keep && r > 0 && cnt == 1 && buf[0].dist == 1 && buf[0].len > (unsigned)s->run_keep &&
                   run_open &&
                   r + 2 * MAX_MATCH < max_records && pos - bs + 2 * MAX_MATCH < s->span_cap - MAX_MATCH - 2 &&
                   s->nmatch + (2 * MAX_MATCH + 1) * MAX_PER_REC < s->match_cap) {
            /* (the run's first position, whose run match reaches its end, keeps its record, and its
             * last positions, which keep theirs, are sure to fall in this block) */
            /* inside a run with nothing but the run itself to offer: starting here would only
             * split the run, so no record (the parse reaches past it from the run's start) */
            s->nrec--;
            insert(s, pos);
            pos++;
            run_open = 1;
        } else {
            (void)longest;
            for (int k = 0; k < cnt; k++) s->matches[s->nmatch++] = buf[k];
            insert(s, pos);
            pos++;
            run_open = had_run;
        }
    }
    s->rec_first[s->nrec] = (uint32_t)s->nmatch;
    return pos;
}

/* ---------- parsing ---------- */
typedef struct {
    uint32_t lit[256];
    uint32_t len[MAX_MATCH + 1];
    uint32_t dist[30];
} Costs;

static void costs_from_freqs(const Freqs *f, Costs *c) {
    DynCode d;
    build_dynamic(f, &d);
    int maxl = 0;
    for (int i = 0; i < 286; i++) if (d.litlen[i] > maxl) maxl = d.litlen[i];
    int miss = maxl + 1 > 15 ? 15 : maxl + 1;
    for (int i = 0; i < 256; i++) c->lit[i] = d.litlen[i] ? d.litlen[i] : (uint32_t)miss;
    for (int l = MIN_MATCH; l <= MAX_MATCH; l++) {
        int s = len_sym_tab[l];
        c->len[l] = (d.litlen[257 + s] ? d.litlen[257 + s] : (uint32_t)miss) + len_extra[s];
    }
    int maxd = 0;
    for (int i = 0; i < 30; i++) if (d.distlen[i] > maxd) maxd = d.distlen[i];
    int missd = maxd + 1 > 15 ? 15 : maxd + 1;
    for (int i = 0; i < 30; i++) c->dist[i] = (d.distlen[i] ? d.distlen[i] : (uint32_t)missd) + dist_extra[i];
}

/* Lazy parse over the records of [bs, bs+span). Returns the token count. */
static size_t parse_lazy(State *s, size_t bs, size_t span, Token *tok) {
    const uint8_t *d = s->data + bs;
    size_t nt = 0, r = 0;
    size_t off = 0;
    while (off < span) {
        while (r < s->nrec && s->rec_pos[r] < off) r++;
        if (r >= s->nrec || s->rec_pos[r] != off) {
            /* no record here (inside a run whose positions were skipped): a literal, up to the next record */
            tok[nt].len = 0; tok[nt++].dist = d[off]; off++;
            continue;
        }
        uint32_t first = s->rec_first[r], cnt = s->rec_first[r + 1] - first;
        if (cnt == 0) { tok[nt].len = 0; tok[nt++].dist = d[off]; off++; continue; }
        Match m = s->matches[first + cnt - 1];
        unsigned L = m.len;
        if (L > span - off) L = (unsigned)(span - off);
        if (!s->rec_forced[r] && r + 1 < s->nrec && s->rec_pos[r + 1] == off + 1) {
            uint32_t f2 = s->rec_first[r + 1], c2 = s->rec_first[r + 2] - f2;
            if (c2) {
                unsigned L2 = s->matches[f2 + c2 - 1].len;
                if (L2 > span - off - 1) L2 = (unsigned)(span - off - 1);
                if (L2 > L + 1 || (L2 > L && s->matches[f2 + c2 - 1].dist < m.dist / 64)) L = 0;
            }
        }
        if (L < MIN_MATCH) { tok[nt].len = 0; tok[nt++].dist = d[off]; off++; continue; }
        /* the match must end on a record (or the span end) */
        size_t end = off + L, q = r + 1;
        while (q < s->nrec && s->rec_pos[q] < end) q++;
        if (end < span && (q >= s->nrec || s->rec_pos[q] != end)) {
            /* ends inside a forced stretch: stop at that stretch's record */
            size_t stop = s->rec_pos[q - 1];
            if (stop - off >= MIN_MATCH) end = stop;
            else end = off + 1, L = 0;
            if (L) L = (unsigned)(end - off);
        }
        if (!L) { tok[nt].len = 0; tok[nt++].dist = d[off]; off++; continue; }
        tok[nt].len = (uint16_t)L; tok[nt++].dist = m.dist;
        off = end;
    }
    return nt;
}

/* ---------- the parse's relaxations ----------
 * A match from block offset `off` at cost dc relaxes the records q.. it reaches (rec_pos <= reach):
 * each target's cost drops to dc + the length's cost when that is strictly smaller. Returns the
 * first record past reach. Two thirds of effort 4's time was this loop. Where the records are
 * consecutive positions (textures, the edges of runs) SSE2, which every x86-64 has, compares four at
 * a time, and AVX2, when the processor has it, eight. They make exactly the scalar loop's
 * comparisons, so every path writes the same bytes; the harness compares them (`vector_limit`). Other
 * processors use the scalar loop. On every fifth image of the benchmark's rows (the harness's
 * cc -O2, one core), effort 4 took 2.8 s scalar, 2.2 s with SSE2 and 1.8 s with AVX2, byte for byte
 * the same (docs/performance.md, "runflate"). */
typedef size_t (*relax_fn)(const uint32_t *rec_pos, size_t q, size_t r1, size_t off, size_t reach, uint32_t dc,
                           const uint32_t *lencost, uint32_t *cost, uint16_t *fl, uint16_t *fd, uint16_t dist);

/* One target: its cost drops when the match's is strictly smaller. (This and record_lowered are
 * always inlined: with plain `inline` the loops ran 1-4% slower.) */
static inline __attribute__((always_inline)) void relax_one(uint32_t t, size_t off, uint32_t dc, const uint32_t *lencost, uint32_t *cost,
                             uint16_t *fl, uint16_t *fd, uint16_t dist) {
    unsigned l = (unsigned)(t - off);
    uint32_t nc = dc + lencost[l];
    if (nc < cost[t]) { cost[t] = nc; fl[t] = (uint16_t)l; fd[t] = dist; }
}

static size_t relax_scalar(const uint32_t *rec_pos, size_t q, size_t r1, size_t off, size_t reach, uint32_t dc,
                           const uint32_t *lencost, uint32_t *cost, uint16_t *fl, uint16_t *fd, uint16_t dist) {
    for (; q < r1 && rec_pos[q] <= reach; q++) relax_one(rec_pos[q], off, dc, lencost, cost, fl, fd, dist);
    return q;
}

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>
#include <immintrin.h>

/* The length and distance of each target whose cost a vector step lowered (bit b of mask: t0 + b). */
static inline __attribute__((always_inline)) void record_lowered(unsigned mask, uint32_t t0, unsigned l0, uint16_t *fl, uint16_t *fd, uint16_t dist) {
    do {
        unsigned b = (unsigned)__builtin_ctz(mask);
        fl[t0 + b] = (uint16_t)(l0 + b);
        fd[t0 + b] = dist;
        mask &= mask - 1;
    } while (mask);
}

/* Four records at a time while four in a row are consecutive positions within reach, else one.
 * Costs are compared unsigned, biased for SSE2's signed compare (adding 0x80000000 is the same as
 * flipping the top bit). */
static inline size_t relax_four(const uint32_t *rec_pos, size_t q, size_t r1, size_t off, size_t reach, uint32_t dc,
                                const uint32_t *lencost, uint32_t *cost, uint16_t *fl, uint16_t *fd, uint16_t dist) {
    const __m128i bias = _mm_set1_epi32((int)0x80000000u);
    const __m128i biased_dc = _mm_set1_epi32((int)(dc ^ 0x80000000u));
    while (q < r1 && rec_pos[q] <= reach) {
        uint32_t t0 = rec_pos[q];
        if (q + 4 <= r1 && rec_pos[q + 3] == t0 + 3 && t0 + 3 <= reach) {
            unsigned l0 = (unsigned)(t0 - off);
            __m128i biased_new = _mm_add_epi32(biased_dc, _mm_loadu_si128((const __m128i *)(lencost + l0)));
            __m128i old = _mm_loadu_si128((const __m128i *)(cost + t0));
            __m128i lower = _mm_cmpgt_epi32(_mm_xor_si128(old, bias), biased_new);
            unsigned mask = (unsigned)_mm_movemask_ps(_mm_castsi128_ps(lower));
            if (mask) {
                __m128i now = _mm_xor_si128(biased_new, bias);
                _mm_storeu_si128((__m128i *)(cost + t0), _mm_or_si128(_mm_and_si128(lower, now), _mm_andnot_si128(lower, old)));
                record_lowered(mask, t0, l0, fl, fd, dist);
            }
            q += 4;
            continue;
        }
        relax_one(t0, off, dc, lencost, cost, fl, fd, dist);
        q++;
    }
    return q;
}

static size_t relax_sse2(const uint32_t *rec_pos, size_t q, size_t r1, size_t off, size_t reach, uint32_t dc,
                         const uint32_t *lencost, uint32_t *cost, uint16_t *fl, uint16_t *fd, uint16_t dist) {
    return relax_four(rec_pos, q, r1, off, reach, dc, lencost, cost, fl, fd, dist);
}

/* Eight at a time while eight in a row are consecutive, then as relax_four. Called only when
 * detect_vector_level found AVX2. */
__attribute__((target("avx2"))) static size_t relax_avx2(const uint32_t *rec_pos, size_t q, size_t r1, size_t off,
                                                         size_t reach, uint32_t dc, const uint32_t *lencost,
                                                         uint32_t *cost, uint16_t *fl, uint16_t *fd, uint16_t dist) {
    const __m256i bias = _mm256_set1_epi32((int)0x80000000u);
    const __m256i biased_dc = _mm256_set1_epi32((int)(dc ^ 0x80000000u));
    while (q + 8 <= r1) {
        uint32_t t0 = rec_pos[q];
        if (rec_pos[q + 7] != t0 + 7 || t0 + 7 > reach) break;
        unsigned l0 = (unsigned)(t0 - off);
        __m256i biased_new = _mm256_add_epi32(biased_dc, _mm256_loadu_si256((const __m256i *)(lencost + l0)));
        __m256i old = _mm256_loadu_si256((const __m256i *)(cost + t0));
        __m256i lower = _mm256_cmpgt_epi32(_mm256_xor_si256(old, bias), biased_new);
        unsigned mask = (unsigned)_mm256_movemask_ps(_mm256_castsi256_ps(lower));
        if (mask) {
            _mm256_storeu_si256((__m256i *)(cost + t0), _mm256_blendv_epi8(old, _mm256_xor_si256(biased_new, bias), lower));
            record_lowered(mask, t0, l0, fl, fd, dist);
        }
        q += 8;
    }
    return relax_four(rec_pos, q, r1, off, reach, dc, lencost, cost, fl, fd, dist);
}

/* 2 when the processor has AVX2 and the system saves its registers (OSXSAVE, XCR0 bits 1-2), else 1. */
static int detect_vector_level(void) {
    unsigned a, b, c, d;
    if (!__get_cpuid(1, &a, &b, &c, &d)) return 1;
    if (!(c & (1u << 27)) || !(c & (1u << 28))) return 1; /* OSXSAVE, AVX */
    uint32_t xcr0_lo, xcr0_hi;
    __asm__ volatile("xgetbv" : "=a"(xcr0_lo), "=d"(xcr0_hi) : "c"(0));
    (void)xcr0_hi;
    if ((xcr0_lo & 6u) != 6u) return 1;
    if (__get_cpuid_max(0, NULL) < 7) return 1;
    __cpuid_count(7, 0, a, b, c, d);
    return (b & (1u << 5)) ? 2 : 1;
}
static const relax_fn relax_for[3] = {relax_scalar, relax_sse2, relax_avx2};
#else
static int detect_vector_level(void) { return 0; }
static const relax_fn relax_for[3] = {relax_scalar, relax_scalar, relax_scalar};
#endif

/* Shortest-path parse with the given costs. Returns the token count. */
static size_t parse_optimal_range(State *s, size_t bs, size_t off0, size_t span, size_t r0, size_t r1,
                                  const Costs *c, Token *tok) {
    const uint8_t *d = s->data + bs;
    uint32_t ep = ++s->epoch;
    uint32_t *cost = s->cost, *stamp = s->stamp;
    uint16_t *fl = s->from_len, *fd = s->from_dist;
    relax_fn relax = relax_for[s->vector];
    for (size_t r = r0; r < r1; r++) { stamp[s->rec_pos[r]] = ep; cost[s->rec_pos[r]] = INF_COST; }
    stamp[span] = ep;
    cost[span] = INF_COST;
    cost[off0] = 0;
    for (size_t r = r0; r < r1; r++) {
        size_t off = s->rec_pos[r];
        uint32_t base = cost[off];
        if (base == INF_COST) continue;
        uint32_t first = s->rec_first[r], cnt = s->rec_first[r + 1] - first;
        size_t room = span - off;
        if (s->rec_forced[r]) {
            Match m = s->matches[first];
            unsigned L = m.len <= room ? m.len : (unsigned)room;
            if (L >= MIN_MATCH) {
                uint32_t dc = base + c->dist[dist_sym(m.dist)];
                unsigned lo = L > (unsigned)s->run_tail + MIN_MATCH ? L - (unsigned)s->run_tail : MIN_MATCH;
                for (unsigned l = s->run_tail ? lo : L; l <= L; l++) {
                    size_t tt = off + l;
                    if (stamp[tt] != ep) continue;
                    uint32_t nc = dc + c->len[l];
                    if (nc < cost[tt]) { cost[tt] = nc; fl[tt] = (uint16_t)l; fd[tt] = m.dist; }
                }
            }
            if (L >= MIN_MATCH) continue;
        }
        /* literal */
        {
            size_t t = off + 1;
            if (stamp[t] == ep) {
                uint32_t nc = base + c->lit[d[off]];
                if (nc < cost[t]) { cost[t] = nc; fl[t] = 1; fd[t] = 0; }
            }
        }
        /* matches: each covers the lengths above the previous one's; only the positions that
         * hold a record (or the span's end) are worth reaching, so walk those */
        size_t q = r + 1;
        while (q < r1 && s->rec_pos[q] < off + MIN_MATCH) q++;
        int span_done = room < MIN_MATCH;
        for (uint32_t k = 0; k < cnt; k++) {
            Match m = s->matches[first + k];
            unsigned L = m.len <= room ? m.len : (unsigned)room;
            uint32_t dc = base + c->dist[dist_sym(m.dist)];
            size_t reach = off + L;
            q = relax(s->rec_pos, q, r1, off, reach, dc, c->len, cost, fl, fd, m.dist);
            if (!span_done && reach >= span) {
                unsigned l = (unsigned)room;
                uint32_t nc = dc + c->len[l];
                if (nc < cost[span]) { cost[span] = nc; fl[span] = (uint16_t)l; fd[span] = m.dist; }
                span_done = 1;
            }
        }
    }
    /* backtrack */
    size_t nt = 0, off = span;
    while (off > off0) {
        unsigned l = fl[off];
        if (l == 1) { tok[nt].len = 0; tok[nt].dist = d[off - 1]; }
        else { tok[nt].len = (uint16_t)l; tok[nt].dist = fd[off]; }
        nt++;
        off -= l;
    }
    for (size_t a = 0, b = nt ? nt - 1 : 0; a < b; a++, b--) { Token x = tok[a]; tok[a] = tok[b]; tok[b] = x; }
    return nt;
}

static size_t parse_optimal(State *s, size_t bs, size_t span, const Costs *c, Token *tok) {
    return parse_optimal_range(s, bs, 0, span, 0, s->nrec, c, tok);
}

/* The first record at or after block offset pos, searching from record lo. */
static size_t first_record_from(const State *s, size_t lo, size_t pos) {
    size_t hi = s->nrec;
    while (lo < hi) {
        size_t m = (lo + hi) / 2;
        if (s->rec_pos[m] < pos) lo = m + 1;
        else hi = m;
    }
    return lo;
}

/* ---------- block splitting ---------- */
static size_t tokens_bytes(const Token *t, size_t nt) {
    size_t b = 0;
    for (size_t i = 0; i < nt; i++) b += t[i].len ? t[i].len : 1;
    return b;
}

/* log2(c) in fixed point with 16 fractional bits, in integer arithmetic only: libm's log2 may round
 * the last bit differently from machine to machine (glibc picks an FMA variant at run time), and no
 * choice that shapes the bytes may depend on the machine. The fraction comes bit by bit from
 * squaring the mantissa (kept with 31 fractional bits, so its square fits in 64 bits). */
uint64_t runflate_log2_q16(uint32_t c) {
    int whole = 31 - __builtin_clz(c);
    uint64_t mantissa = (uint64_t)c << (31 - whole); /* c / 2^whole in [1, 2), 31 fractional bits */
    uint64_t fraction = 0;
    for (int bit = 15; bit >= 0; bit--) {
        mantissa = (mantissa * mantissa) >> 31;
        if (mantissa >= (uint64_t)1 << 32) {
            fraction |= (uint64_t)1 << bit;
            mantissa >>= 1;
        }
    }
    return (uint64_t)whole << 16 | fraction;
}

/* Fast estimate of a dynamic block's bits from its frequencies (entropy plus a header guess), for
 * choosing split points without building codes; in 1/65536 bits (t log2 t - sum of f log2 f per
 * alphabet; a block has fewer than 2^32 tokens, so the products fit in 64 bits). */
static uint64_t estimate_bits(const Freqs *f) {
    uint64_t tl = 0, td = 0, spent = 0, extra = 0;
    int used = 0;
    for (int k = 0; k < 286; k++) tl += f->lit[k];
    for (int k = 0; k < 30; k++) td += f->dist[k];
    for (int k = 0; k < 286; k++) if (f->lit[k]) { spent += f->lit[k] * runflate_log2_q16(f->lit[k]); used++; }
    for (int k = 0; k < 30; k++) if (f->dist[k]) { spent += f->dist[k] * runflate_log2_q16(f->dist[k]); used++; }
    uint64_t whole = (tl ? tl * runflate_log2_q16((uint32_t)tl) : 0) + (td ? td * runflate_log2_q16((uint32_t)td) : 0);
    for (int sy = 0; sy < 29; sy++) extra += (uint64_t)f->lit[257 + sy] * len_extra[sy];
    for (int sy = 0; sy < 30; sy++) extra += (uint64_t)f->dist[sy] * dist_extra[sy];
    return (whole > spent ? whole - spent : 0) + ((extra + 60 + 4 * (uint64_t)used) << 16);
}

#define SPLIT_K 16
/* Recursively chooses block boundaries (token indices) in t[0..nt); appends them to cuts. */
static void choose_splits(const Token *t, size_t nt, size_t first, int depth, size_t *cuts, size_t *ncuts, size_t max_cuts) {
    if (depth <= 0 || nt < 1024 || *ncuts + 2 > max_cuts) return;
    Freqs seg[SPLIT_K];
    size_t bounds[SPLIT_K + 1];
    for (int q = 0; q <= SPLIT_K; q++) bounds[q] = nt * (size_t)q / SPLIT_K;
    for (int q = 0; q < SPLIT_K; q++) {
        count_tokens(t + bounds[q], bounds[q + 1] - bounds[q], &seg[q]);
        seg[q].lit[256] = 0;
    }
    Freqs left, right, all;
    memset(&all, 0, sizeof all);
    for (int q = 0; q < SPLIT_K; q++) {
        for (int k = 0; k < 286; k++) all.lit[k] += seg[q].lit[k];
        for (int k = 0; k < 30; k++) all.dist[k] += seg[q].dist[k];
    }
    all.lit[256] = 1;
    uint64_t best = estimate_bits(&all);
    int best_q = 0;
    memset(&left, 0, sizeof left);
    for (int q = 1; q < SPLIT_K; q++) {
        for (int k = 0; k < 286; k++) left.lit[k] += seg[q - 1].lit[k];
        for (int k = 0; k < 30; k++) left.dist[k] += seg[q - 1].dist[k];
        left.lit[256] = 1;
        for (int k = 0; k < 286; k++) right.lit[k] = all.lit[k] - left.lit[k] + (k == 256);
        for (int k = 0; k < 30; k++) right.dist[k] = all.dist[k] - left.dist[k];
        right.lit[256] = 1;
        uint64_t cst = estimate_bits(&left) + estimate_bits(&right);
        if (cst + ((uint64_t)64 << 16) < best) { best = cst; best_q = q; }
    }
    if (!best_q) return;
    size_t k = bounds[best_q];
    choose_splits(t, k, first, depth - 1, cuts, ncuts, max_cuts);
    cuts[(*ncuts)++] = first + k;
    choose_splits(t + k, nt - k, first + k, depth - 1, cuts, ncuts, max_cuts);
}

int runflate_suits(const uint8_t *data, size_t length) {
    size_t covered = 0, stretch = 0;
    for (size_t i = 0; i < length; i++) {
        uint8_t b = data[i];
        int repeats = (i >= 1 && data[i - 1] == b) || (i >= 2 && data[i - 2] == b) ||
                      (i >= 3 && data[i - 3] == b) || (i >= 4 && data[i - 4] == b);
        if (repeats) { stretch++; continue; }
        if (stretch >= 64) covered += stretch;
        stretch = 0;
    }
    if (stretch >= 64) covered += stretch;
    /* covered / length >= 0.7, rounded up and without overflow for any length */
    return covered >= length / 10 * 7 + ((length % 10) * 7 + 9) / 10;
}

size_t runflate_zlib_bound(size_t length) {
    return length + 5 * (length / 4096 + 1) + 64;
}

/* ---------- reusable context ---------- */
struct runflate_ctx { State s; };

static int grow(void **p, size_t *cap, size_t want, size_t elem) {
    if (want <= *cap) return 1;
    size_t c = *cap ? *cap : 1024;
    while (c < want) c *= 2;
    void *q = realloc(*p, c * elem);
    if (!q) return 0;
    *p = q;
    *cap = c;
    return 1;
}

runflate_ctx *runflate_new(void) {
    runflate_ctx *c = calloc(1, sizeof *c);
    if (c) c->s.base = 1; /* head/prev are zero: all entries below base, i.e. empty */
    return c;
}

void runflate_free(runflate_ctx *c) {
    if (!c) return;
    State *s = &c->s;
    free(s->rec_pos); free(s->rec_first); free(s->rec_forced); free(s->matches);
    free(s->tokens); free(s->tokens2); free(s->tokens3);
    free(s->cost); free(s->stamp); free(s->from_len); free(s->from_dist);
    free(c);
}

size_t runflate_zlib(const uint8_t *data, size_t n, size_t stride, int effort, uint8_t *out, size_t capacity) {
    runflate_ctx *c = runflate_new();
    if (!c) return 0;
    size_t r = runflate_zlib_ctx(c, data, n, stride, effort, out, capacity);
    runflate_free(c);
    return r;
}

/* Buffers sized to the call, grown but never shrunk. Returns 0 when memory runs out. */
static int reserve(State *s, size_t max_records, int parse) {
    size_t rc = s->rec_cap, mc = s->match_alloc, tc = s->tok_cap, sc = s->span_cap_alloc;
    size_t want_rec = max_records + 2;
    if (want_rec > rc) {
        size_t c1 = rc, c2 = rc, c3 = rc;
        if (!grow((void **)&s->rec_pos, &c1, want_rec, sizeof(uint32_t)) ||
            !grow((void **)&s->rec_first, &c2, want_rec, sizeof(uint32_t)) ||
            !grow((void **)&s->rec_forced, &c3, want_rec, 1)) return 0;
        size_t newc = c1 < c2 ? c1 : c2;
        if (c3 < newc) newc = c3;
        s->rec_cap = newc;
    }
    {
        /* A block ends early when its matches fill this (real rows average about two a record).
         * The limit comes from this call alone, never from the allocation, which depends on the
         * images the context compressed before: otherwise a thread's history changed the bytes. */
        size_t limit = want_rec * 4 + (2 * MAX_MATCH + 2) * MAX_PER_REC;
        if (!grow((void **)&s->matches, &mc, limit, sizeof(Match))) return 0;
        s->match_alloc = mc;
        s->match_cap = limit;
    }
    size_t want_tok = s->span_cap + 1;
    if (want_tok > tc) {
        size_t c1 = tc, c2 = tc, c3 = tc;
        if (!grow((void **)&s->tokens, &c1, want_tok, sizeof(Token)) ||
            !grow((void **)&s->tokens2, &c2, want_tok, sizeof(Token)) ||
            !grow((void **)&s->tokens3, &c3, want_tok, sizeof(Token))) return 0;
        s->tok_cap = want_tok;
    }
    if (parse && s->span_cap + 1 > sc) {
        size_t c1 = sc, c2 = sc, c3 = sc, c4 = sc, want = s->span_cap + 1;
        if (!grow((void **)&s->cost, &c1, want, sizeof(uint32_t)) ||
            !grow((void **)&s->from_len, &c3, want, sizeof(uint16_t)) ||
            !grow((void **)&s->from_dist, &c4, want, sizeof(uint16_t))) return 0;
        void *q = realloc(s->stamp, want * sizeof(uint32_t));
        if (!q) return 0;
        s->stamp = q;
        memset(s->stamp, 0, want * sizeof(uint32_t)); /* stamps are compared with epoch */
        s->epoch = 0;
        (void)c2;
        s->span_cap_alloc = want;
    }
    return 1;
}

int runflate_vector_level(void) {
    init_tables();
    return vector_level;
}

void runflate_preset(int effort, runflate_params *p) {
    memset(p, 0, sizeof *p);
    p->force_len = 1000;
    p->max_records = 1u << 20;
    switch (effort <= 0 ? 0 : effort >= 4 ? 4 : effort) {
    case 0: p->force_stride = 1; p->depth = 8; p->nice = 32; p->max_records = 16384; break;
    case 1: p->force_stride = 1; p->depth = 8; p->nice = 48; p->passes = 2; p->split_depth = 6; p->run_tail = 8; break;
    case 2: p->depth = 64; p->nice = 258; p->run_nice = 64; p->force_len = 128; p->passes = 3; p->split_depth = 6;
            p->repasses = 1; p->run_tail = 16; break;
    case 3: p->depth = 128; p->nice = 258; p->run_nice = 128; p->force_len = 128; p->passes = 3; p->split_depth = 6;
            p->repasses = 2; p->run_tail = 16; break;
    default: /* assetc's `max`: runs never forced below 258 bytes, far matches through run ends */
            p->depth = 64; p->nice = 258; p->run_nice = 258; p->force_len = 128; p->passes = 2; p->split_depth = 6;
            p->repasses = 1; p->run_tail = 16; p->run_depth = 2; p->end_depth = 64; p->run_keep = 16;
            p->max_records = 1u << 18; break;
    }
    if (!p->run_nice) p->run_nice = p->nice;
    if (!p->run_depth) p->run_depth = p->depth;
}

size_t runflate_zlib_ctx(runflate_ctx *ctx, const uint8_t *data, size_t n, size_t stride, int effort,
                         uint8_t *out, size_t capacity) {
    runflate_params p;
    runflate_preset(effort, &p);
    return runflate_zlib_params(ctx, data, n, stride, &p, out, capacity);
}

size_t runflate_zlib_params(runflate_ctx *ctx, const uint8_t *data, size_t n, size_t stride,
                            const runflate_params *p, uint8_t *out, size_t capacity) {
    init_tables();
    if (capacity < 6) return 0;
    State *s = &ctx->s;
    s->data = data;
    s->n = n;
    s->stride = stride;
    size_t max_records = p->max_records;
    s->depth = p->depth; s->nice = p->nice; s->passes = p->passes;
    s->repasses = p->repasses; s->force_len = p->force_len; s->force_stride = p->force_stride;
    s->run_tail = p->run_tail; s->run_nice = p->run_nice; s->run_depth = p->run_depth;
    s->end_depth = p->end_depth; s->run_keep = p->run_keep;
    s->split_depth = p->split_depth;
    s->vector = p->vector_limit >= 2 ? 0 : p->vector_limit == 1 && vector_level > 1 ? 1 : vector_level;
    if (max_records < 16) max_records = 16;
    s->cont_pos = 0;
    s->cont_dist = 0;
    s->rc_end = 0;
    s->rc_count = 0;
    if (max_records > n + 1) max_records = n + 1;
    s->span_cap = (size_t)1 << 20;
    if (s->span_cap > n + MAX_MATCH + 4) s->span_cap = n + MAX_MATCH + 4;
    if (s->span_cap < 2 * MAX_MATCH + 8) s->span_cap = 2 * MAX_MATCH + 8;
    if (!reserve(s, max_records, s->passes != 0)) return 0;
    /* positions in head/prev are offset by base, so entries of earlier calls are ignored without
     * clearing the tables; clear them only when the offsets would wrap */
    if ((uint64_t)s->base + n + 2 * WSIZE >= 0xF0000000u) {
        memset(s->head, 0, sizeof s->head);
        memset(s->prev, 0, sizeof s->prev);
        s->base = 1;
    }
    if (s->epoch > 0xF0000000u) { memset(s->stamp, 0, s->span_cap_alloc * sizeof(uint32_t)); s->epoch = 0; }
    size_t result = 0;

    BitWriter w = {out, capacity, 0, 0, 0, 0};
    put_bits(&w, 0x78, 8);
    put_bits(&w, 0xDA, 8);
    if (n == 0) {
        put_bits(&w, 1 | (1 << 1), 3); /* final fixed block, end of block only */
        put_bits(&w, fixed_litcode[256], fixed_litlen[256]);
    }
    size_t pos = 0;
    while (pos < n) {
        size_t bs = pos;
        size_t be = find_block(s, pos, max_records);
        size_t span = be - bs;
        size_t nt = parse_lazy(s, bs, span, s->tokens);
        Token *best = s->tokens;
        if (s->passes) {
            DynCode dc;
            Token *scratch = s->tokens2;
            uint64_t best_bits = block_cost(best, nt, span, &dc);
            Freqs f;
            count_tokens(best, nt, &f);
            for (int p = 0; p < s->passes; p++) {
                Costs c;
                costs_from_freqs(&f, &c);
                size_t dn = parse_optimal(s, bs, span, &c, scratch);
                uint64_t bits = block_cost(scratch, dn, span, &dc);
                count_tokens(scratch, dn, &f);
                if (bits < best_bits) {
                    Token *x = best; best = scratch; scratch = x;
                    best_bits = bits;
                    nt = dn;
                }
            }
        }
        int final = be >= n;
        size_t cuts[66], ncuts = 0;
        if (s->split_depth) choose_splits(best, nt, 0, s->split_depth, cuts, &ncuts, 64);
        cuts[ncuts++] = nt;
        Token *spare = best == s->tokens ? s->tokens2 : s->tokens;
        size_t ta = 0, oa = 0;
        for (size_t k = 0; k < ncuts; k++) {
            size_t tb = cuts[k];
            size_t ob = oa + tokens_bytes(best + ta, tb - ta);
            Token *sub = best + ta;
            size_t sub_nt = tb - ta;
            /* a sub-block is parsed again only from a record (a lazy parse may cut inside a run) */
            size_t r0 = s->repasses && ncuts > 1 ? first_record_from(s, 0, oa) : s->nrec;
            if (r0 < s->nrec && s->rec_pos[r0] == oa) {
                size_t r1 = first_record_from(s, r0, ob);
                DynCode dc;
                uint64_t best_bits = block_cost(sub, sub_nt, ob - oa, &dc);
                Freqs f;
                count_tokens(sub, sub_nt, &f);
                Token *scratch = spare;
                for (int p = 0; p < s->repasses; p++) {
                    Costs c;
                    costs_from_freqs(&f, &c);
                    size_t dn = parse_optimal_range(s, bs, oa, ob, r0, r1, &c, scratch);
                    uint64_t bits = block_cost(scratch, dn, ob - oa, &dc);
                    count_tokens(scratch, dn, &f);
                    if (bits < best_bits) {
                        best_bits = bits;
                        Token *x = scratch;
                        if (sub == best + ta) scratch = x == spare ? s->tokens3 : spare;
                        else scratch = sub; /* the previous best of this sub-block is free again */
                        sub = x;
                        sub_nt = dn;
                    }
                }
            }
            write_block(&w, sub, sub_nt, data + bs + oa, ob - oa, final && k + 1 == ncuts);
            ta = tb;
            oa = ob;
        }
        pos = be;
    }
    align_bytes(&w);
    uint32_t ad = libdeflate_adler32(1, data, n); /* (vectorized there: 6% of a pass here was a scalar one) */
    uint8_t tail[4] = {(uint8_t)(ad >> 24), (uint8_t)(ad >> 16), (uint8_t)(ad >> 8), (uint8_t)ad};
    put_byte_aligned(&w, tail, 4);
    if (!w.overflow) result = w.pos;
    s->base += (uint32_t)n + WSIZE;
    return result;
}
