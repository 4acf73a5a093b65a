// bench/png-candidates.c - what each way of writing iconforge's PNGs would weigh and cost.
//
// Reads PNGs that iconforge wrote, decodes each to RGBA and encodes its pixels again as the
// encoder could: grey+alpha (what PNGEncoder writes for a grey glyph) or a palette of the
// alphas present with tRNS, each row filtered by one of PNG's five filters, by the
// minimum-sum-of-absolute-differences heuristic per row, or by the best of those per
// image, deflated by libdeflate at each level asked for. Prints per candidate the total
// bytes of the files (signature, IHDR, PLTE, tRNS, IDAT and IEND counted) and the CPU time
// of filtering and deflating them (the fastest of -r rounds). The pixels are the same
// in every candidate: only the bytes differ.
//
//   clang -O2 -o /tmp/png-candidates bench/png-candidates.c $(pkg-config --cflags --libs libpng) -ldeflate
//
// (clang, the Swift toolchain's, as `swift build` compiles the shim; gcc makes the encoder
// about a third slower.)
//   /tmp/png-candidates [-n] [-r ROUNDS] [-l 6,7,8] OUT/*.png
//
// -n: only what iconforge writes, unfiltered grey+alpha, at each level (no palette, no filters).
//
// The last two lines are iconforge's own encoder (levels 6 and 7, Sources/CPNGShim/GlyphDeflate.c).
// Compare the totals with oxipng level 2 on copies of the same files (bench.py's PNG size
// table, or `oxipng.optimize(path, level=2)` from the bench venv).
#include "../Sources/CPNGShim/GlyphDeflate.c"

#include <libdeflate.h>
#include <png.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef struct {
    int width, height;
    uint8_t *gray_alpha;  // 2 bytes a pixel, grey 0 where nothing is painted (as PNGEncoder)
    uint8_t *indexed;     // 1 byte a pixel: the rank of its alpha among those present
    int palette_count;    // entries, transparent first
    int trns_count;       // tRNS entries (trailing opaque ones omitted)
} image;

enum { NONE, SUB, UP, AVERAGE, PAETH, MINSUM, BEST, MODES };
static const char *mode_names[MODES] = {"none", "sub", "up", "average", "paeth", "minsum", "best"};

static double cpu_seconds(void) {
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return t.tv_sec + t.tv_nsec * 1e-9;
}

static int paeth(int a, int b, int c) {
    int p = a + b - c, pa = abs(p - a), pb = abs(p - b), pc = abs(p - c);
    return pa <= pb && pa <= pc ? a : pb <= pc ? b : c;
}

static void filter_row(int type, const uint8_t *row, const uint8_t *previous, int n, int bpp, uint8_t *out) {
    for (int i = 0; i < n; i++) {
        int a = i >= bpp ? row[i - bpp] : 0, b = previous ? previous[i] : 0;
        int c = previous && i >= bpp ? previous[i - bpp] : 0, p = 0;
        switch (type) {
        case SUB: p = a; break;
        case UP: p = b; break;
        case AVERAGE: p = (a + b) >> 1; break;
        case PAETH: p = paeth(a, b, c); break;
        }
        out[i] = (uint8_t)(row[i] - p);
    }
}

// The zlib stream's size for `pixels` (rows of width*bpp bytes) filtered as `mode` says,
// deflated by `compressor`, or by iconforge's own encoder at `effort` when that is 0 or 1.
static size_t deflated_size(struct libdeflate_compressor *compressor, int effort, const uint8_t *pixels, int width,
                            int height, int bpp, int mode, uint8_t *raw, uint8_t *out, size_t capacity) {
    if (mode == BEST) {
        size_t best = (size_t)-1;
        for (int m = NONE; m < BEST; m++) {
            size_t size = deflated_size(compressor, effort, pixels, width, height, bpp, m, raw, out, capacity);
            if (size < best) best = size;
        }
        return best;
    }
    int n = width * bpp;
    uint8_t *candidates = malloc((size_t)5 * n);
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * n, *previous = y ? row - n : NULL;
        uint8_t *dst = raw + (size_t)y * (n + 1);
        int type = mode;
        if (mode == MINSUM) {
            long best = -1;
            for (int t = NONE; t <= PAETH; t++) {
                filter_row(t, row, previous, n, bpp, candidates + t * n);
                long sum = 0;
                for (int i = 0; i < n; i++) sum += candidates[t * n + i] < 128 ? candidates[t * n + i] : 256 - candidates[t * n + i];
                if (best < 0 || sum < best) best = sum, type = t;
            }
            memcpy(dst + 1, candidates + type * n, n);
        } else {
            filter_row(type, row, previous, n, bpp, dst + 1);
        }
        dst[0] = (uint8_t)type;
    }
    free(candidates);
    size_t raw_size = (size_t)(n + 1) * height;
    if (effort >= 0) return glyph_deflate_zlib(raw, raw_size, (size_t)n + 1, (size_t)bpp, effort, out, capacity);
    return libdeflate_zlib_compress(compressor, raw, raw_size, out, capacity);
}

// Prints one candidate's total bytes and the CPU time of the fastest of `rounds`: libdeflate
// at `level` (a compressor per image, as iconforge's shim allocates at libdeflate's levels),
// or, with `own`, iconforge's encoder at `level` (6 or 7).
static void measure(const image *images, int files, int rounds, int level, int own, int palette, int mode,
                    uint8_t *raw, uint8_t *out, size_t capacity) {
    size_t total = 0;
    double fastest = 1e30;
    for (int r = 0; r < rounds; r++) {
        double start = cpu_seconds();
        total = 0;
        for (int i = 0; i < files; i++) {
            const image *img = &images[i];
            struct libdeflate_compressor *compressor = own ? NULL : libdeflate_alloc_compressor(level);
            // 8 signature, 25 IHDR, 12 IDAT's frame, 12 IEND; a palette adds PLTE and tRNS.
            total += 57 + (palette ? 12 + 3 * img->palette_count + (img->trns_count ? 12 + img->trns_count : 0) : 0);
            total += deflated_size(compressor, own ? level - 6 : -1, palette ? img->indexed : img->gray_alpha,
                                   img->width, img->height, palette ? 1 : 2, mode, raw, out, capacity);
            if (compressor != NULL) libdeflate_free_compressor(compressor);
        }
        double spent = cpu_seconds() - start;
        if (spent < fastest) fastest = spent;
    }
    printf("%-9s %2d  %-10s %-8s %10zu bytes  %.3f s\n", own ? "iconforge" : "level", level,
           palette ? "palette" : "grey+alpha", mode_names[mode], total, fastest);
    fflush(stdout);
}

static int load(const char *path, image *img) {
    png_image png;
    memset(&png, 0, sizeof png);
    png.version = PNG_IMAGE_VERSION;
    if (!png_image_begin_read_from_file(&png, path)) return -1;
    png.format = PNG_FORMAT_RGBA;
    uint8_t *rgba = malloc(PNG_IMAGE_SIZE(png));
    if (!png_image_finish_read(&png, NULL, rgba, 0, NULL)) return -1;
    int count = png.width * png.height, seen[256] = {0};
    img->width = png.width, img->height = png.height;
    img->gray_alpha = calloc(count, 2);
    img->indexed = malloc(count);
    for (int i = 0; i < count; i++) {
        if (rgba[4 * i + 3]) img->gray_alpha[2 * i] = rgba[4 * i], img->gray_alpha[2 * i + 1] = rgba[4 * i + 3];
        seen[rgba[4 * i + 3]] = 1;
    }
    uint8_t rank[256] = {0};
    img->palette_count = 1;
    for (int a = 1; a < 256; a++)
        if (seen[a]) rank[a] = (uint8_t)img->palette_count++;
    img->trns_count = img->palette_count - (seen[255] ? 1 : 0);
    for (int i = 0; i < count; i++) img->indexed[i] = rank[rgba[4 * i + 3]];
    free(rgba);
    return 0;
}

int main(int argc, char **argv) {
    int rounds = 3, levels[12], level_count = 0, first = 1, plain_only = 0;
    for (; first < argc && strcmp(argv[first], "-n") == 0; first++) plain_only = 1;
    for (; first + 1 < argc && argv[first][0] == '-'; first += 2) {
        if (strcmp(argv[first], "-r") == 0) rounds = atoi(argv[first + 1]);
        if (strcmp(argv[first], "-l") == 0)
            for (char *s = argv[first + 1]; *s && level_count < 12; s = strchr(s, ',') ? strchr(s, ',') + 1 : "")
                levels[level_count++] = atoi(s);
    }
    if (level_count == 0) levels[level_count++] = 6;
    int files = argc - first;
    image *images = calloc(files > 0 ? files : 1, sizeof(image));
    for (int i = 0; i < files; i++)
        if (load(argv[first + i], &images[i]) != 0) return fprintf(stderr, "cannot read %s\n", argv[first + i]), 1;
    size_t capacity = 1 << 22;
    uint8_t *raw = malloc(capacity), *out = malloc(capacity);
    printf("%d PNGs; bytes and CPU seconds (fastest of %d rounds) per candidate\n", files, rounds);
    for (int l = 0; l < level_count; l++)
        for (int palette = 0; palette < (plain_only ? 1 : 2); palette++)
            for (int mode = NONE; mode < (plain_only ? NONE + 1 : MODES); mode++)
                measure(images, files, rounds, levels[l], 0, palette, mode, raw, out, capacity);
    // iconforge's own encoder (levels 6 and 7), unfiltered grey+alpha as PNGEncoder writes it.
    for (int level = 6; level <= 7; level++) measure(images, files, rounds, level, 1, 0, NONE, raw, out, capacity);
    return 0;
}
