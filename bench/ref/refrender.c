/*
 * refrender.c - hand-written C reference renderer for the iconforge benchmark.
 *
 * This is the "speed bar" that bench/bench.py compares iconforge against: the
 * simplest reasonable C program that does the same job with the same libraries
 * (librsvg + cairo + libpng), with no caching and no PNG optimisation.
 *
 * For every SVG given on the command line it
 *   1. reads the file into memory and parses it (rsvg_handle_new_from_data),
 *   2. sets the DPI to 72, so one CSS px of the artboard is one point,
 *   3. asks librsvg for the ink rectangle (rsvg_handle_get_geometry_for_layer,
 *      no rasterising), which gives the glyph's shape (wide when w/h >= 1.2,
 *      tall when h/w >= 1.2, else square), and
 *      renders the whole document into a 70x70 (@2x) and a 104x104 (@3x) cairo
 *      ARGB32 surface, placed as iconforge places it (-m, default fit):
 *        fit       the ink box centred on the canvas and scaled so its governing
 *                  side is 54/80 px (square), its width 60/88 px (wide) or its
 *                  height 60/88 px (tall): `iconforge build --fit=glyph`, so that
 *                  a fit-mode build and this program draw the same pixels;
 *        template  the artboard centred, 2 px/pt at @2x, 80/27 (square) or
 *                  88/30 (wide, tall) px/pt at @3x: `iconforge build`,
 *   4. un-premultiplies the pixels and writes 8-bit RGBA PNGs with libpng's
 *      default settings (png_set_IHDR + png_write_image, default filters and
 *      zlib level) to OUTDIR/<name>@2x.png and OUTDIR/<name>@3x.png.
 *
 * Work is split over N pthreads (default 2): thread t takes glyphs t, t+N, ...
 *
 * With -s, once every file is written, one syncfs(2) on OUTDIR makes them durable: the
 * cheapest way for this program to get iconforge's "on disk when it returns" (without
 * iconforge's atomic renames or its catalog, so still a floor, not an equal). Without -s
 * nothing is flushed: the kernel writes the files back after the program has exited.
 *
 * Build:  gcc -O2 refrender.c $(pkg-config --cflags --libs librsvg-2.0 libpng) -lpthread
 * Usage:  refrender [-j THREADS] [-s] [-m fit|template] OUTDIR FILE.svg...
 * Exit status: 0 if every glyph rendered, 1 if any failed (reported on stderr).
 */
#define _GNU_SOURCE /* syncfs */
#include <librsvg/rsvg.h>
#include <cairo.h>
#include <png.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <fcntl.h>
#include <unistd.h>

#define SHAPE_THRESHOLD 1.2 /* w/h (or h/w) at which a glyph is wide (tall) */

typedef struct {
    int canvas;          /* canvas edge in pixels */
    double square, long_; /* fit: target px of a square glyph's longer side, a wide one's
                            width or a tall one's height */
    double pt_square, pt_long; /* template: px per pt for a square glyph, a wide or tall one */
    const char *suffix;
} variant_t;

static const variant_t VARIANTS[] = {
    {70, 54, 60, 2.0, 2.0, "@2x"},
    {104, 80, 88, 80.0 / 27.0, 88.0 / 30.0, "@3x"},
};

static int fit_mode = 1; /* -m fit (default) or -m template */

typedef struct {
    char **files;
    int nfiles;
    int first, step;
    const char *outdir;
    int failures;
} job_t;

static int read_file(const char *path, guint8 **data, gsize *len)
{
    GError *err = NULL;
    if (!g_file_get_contents(path, (gchar **)data, len, &err)) {
        fprintf(stderr, "refrender: %s: %s\n", path, err->message);
        g_error_free(err);
        return -1;
    }
    return 0;
}

/* Un-premultiply cairo's native-endian ARGB32 into straight RGBA bytes. */
static void unpremultiply(const unsigned char *src, int stride, int w, int h, unsigned char *dst)
{
    for (int y = 0; y < h; y++) {
        const uint32_t *row = (const uint32_t *)(src + (size_t)y * stride);
        unsigned char *out = dst + (size_t)y * w * 4;
        for (int x = 0; x < w; x++, out += 4) {
            uint32_t p = row[x];
            unsigned a = p >> 24;
            if (a == 0) {
                out[0] = out[1] = out[2] = out[3] = 0;
                continue;
            }
            unsigned r = (p >> 16) & 0xff, g = (p >> 8) & 0xff, b = p & 0xff;
            out[0] = (unsigned char)((r * 255 + a / 2) / a);
            out[1] = (unsigned char)((g * 255 + a / 2) / a);
            out[2] = (unsigned char)((b * 255 + a / 2) / a);
            out[3] = (unsigned char)a;
        }
    }
}

/* Write straight RGBA pixels as an 8-bit RGBA PNG with libpng's defaults. */
static int write_png(const char *path, unsigned char *rgba, int w, int h)
{
    FILE *fp = fopen(path, "wb");
    if (!fp) {
        perror(path);
        return -1;
    }
    png_bytep *rows = malloc(sizeof(png_bytep) * (size_t)h);
    png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
    png_infop info = png ? png_create_info_struct(png) : NULL;
    if (!rows || !png || !info) {
        fprintf(stderr, "refrender: %s: out of memory\n", path);
        png_destroy_write_struct(&png, &info);
        free(rows);
        fclose(fp);
        return -1;
    }
    if (setjmp(png_jmpbuf(png))) {
        fprintf(stderr, "refrender: %s: libpng error\n", path);
        png_destroy_write_struct(&png, &info);
        free(rows);
        fclose(fp);
        return -1;
    }
    for (int y = 0; y < h; y++)
        rows[y] = rgba + (size_t)y * w * 4;
    png_init_io(png, fp);
    png_set_IHDR(png, info, (png_uint_32)w, (png_uint_32)h, 8, PNG_COLOR_TYPE_RGBA,
                 PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
    png_write_info(png, info);
    png_write_image(png, rows);
    png_write_end(png, NULL);
    png_destroy_write_struct(&png, &info);
    free(rows);
    return fclose(fp) == 0 ? 0 : -1;
}

/* Artboard size in points (= px at 72 dpi): width/height, else the viewBox. */
static int artboard_size(RsvgHandle *h, double *w, double *hgt)
{
    if (rsvg_handle_get_intrinsic_size_in_pixels(h, w, hgt) && *w > 0 && *hgt > 0)
        return 0;
    gboolean has_w, has_h, has_vb;
    RsvgLength lw, lh;
    RsvgRectangle vb;
    rsvg_handle_get_intrinsic_dimensions(h, &has_w, &lw, &has_h, &lh, &has_vb, &vb);
    if (has_vb && vb.width > 0 && vb.height > 0) {
        *w = vb.width;
        *hgt = vb.height;
        return 0;
    }
    return -1;
}

static int render_glyph(const char *path, const char *outdir)
{
    guint8 *data = NULL;
    gsize len = 0;
    if (read_file(path, &data, &len) < 0)
        return -1;

    GError *err = NULL;
    RsvgHandle *h = rsvg_handle_new_from_data(data, len, &err);
    g_free(data);
    if (!h) {
        fprintf(stderr, "refrender: %s: %s\n", path, err ? err->message : "parse error");
        g_clear_error(&err);
        return -1;
    }
    rsvg_handle_set_dpi(h, 72.0);

    double aw, ah;
    if (artboard_size(h, &aw, &ah) < 0) {
        fprintf(stderr, "refrender: %s: no usable width/height or viewBox\n", path);
        g_object_unref(h);
        return -1;
    }

    /* output name: basename without ".svg" */
    const char *base = strrchr(path, '/');
    base = base ? base + 1 : path;
    size_t stem = strlen(base);
    if (stem > 4 && strcmp(base + stem - 4, ".svg") == 0)
        stem -= 4;

    /* The ink box in artboard points, from librsvg's geometry (no pixels). */
    RsvgRectangle whole = {0, 0, aw, ah}, ink, logical;
    if (!rsvg_handle_get_geometry_for_layer(h, NULL, &whole, &ink, &logical, &err) || ink.width <= 0 || ink.height <= 0) {
        fprintf(stderr, "refrender: %s: %s\n", path, err ? err->message : "paints nothing");
        g_clear_error(&err);
        g_object_unref(h);
        return -1;
    }
    int wide = ink.width >= SHAPE_THRESHOLD * ink.height, tall = ink.height >= SHAPE_THRESHOLD * ink.width;

    int rc = 0;
    for (size_t v = 0; v < sizeof VARIANTS / sizeof VARIANTS[0] && rc == 0; v++) {
        const variant_t *var = &VARIANTS[v];
        int n = var->canvas;
        cairo_surface_t *surf = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, n, n);
        cairo_t *cr = cairo_create(surf);
        RsvgRectangle vp;
        if (fit_mode) {
            double s = wide ? var->long_ / ink.width
                     : tall ? var->long_ / ink.height
                            : var->square / (ink.width > ink.height ? ink.width : ink.height);
            vp.width = aw * s;
            vp.height = ah * s;
            vp.x = (n - ink.width * s) / 2.0 - ink.x * s;
            vp.y = (n - ink.height * s) / 2.0 - ink.y * s;
        } else {
            double s = wide || tall ? var->pt_long : var->pt_square;
            vp.width = aw * s;
            vp.height = ah * s;
            vp.x = (n - vp.width) / 2.0;
            vp.y = (n - vp.height) / 2.0;
        }
        if (!rsvg_handle_render_document(h, cr, &vp, &err)) {
            fprintf(stderr, "refrender: %s: %s\n", path, err ? err->message : "render error");
            g_clear_error(&err);
            rc = -1;
        }
        cairo_destroy(cr);
        cairo_surface_flush(surf);

        if (rc == 0) {
            unsigned char *rgba = malloc((size_t)n * n * 4);
            char *out = g_strdup_printf("%s/%.*s%s.png", outdir, (int)stem, base, var->suffix);
            unpremultiply(cairo_image_surface_get_data(surf), cairo_image_surface_get_stride(surf), n, n, rgba);
            rc = write_png(out, rgba, n, n);
            g_free(out);
            free(rgba);
        }
        cairo_surface_destroy(surf);
    }
    g_object_unref(h);
    return rc;
}

static void *worker(void *arg)
{
    job_t *job = arg;
    for (int i = job->first; i < job->nfiles; i += job->step)
        if (render_glyph(job->files[i], job->outdir) < 0)
            job->failures++;
    return NULL;
}

int main(int argc, char **argv)
{
    int threads = 2, argi = 1, durable = 0;
    if (argi + 1 < argc && strcmp(argv[argi], "-j") == 0) {
        threads = atoi(argv[argi + 1]);
        argi += 2;
    }
    if (argi < argc && strcmp(argv[argi], "-s") == 0) {
        durable = 1;
        argi++;
    }
    if (argi + 1 < argc && strcmp(argv[argi], "-m") == 0) {
        fit_mode = strcmp(argv[argi + 1], "template") != 0;
        if (fit_mode && strcmp(argv[argi + 1], "fit") != 0)
            threads = 0; /* usage error below */
        argi += 2;
    }
    if (threads < 1 || argc - argi < 1) {
        fprintf(stderr, "usage: refrender [-j THREADS] [-s] [-m fit|template] OUTDIR FILE.svg...\n");
        return 2;
    }
    const char *outdir = argv[argi++];
    char **files = argv + argi;
    int nfiles = argc - argi;

    pthread_t *tids = calloc((size_t)threads, sizeof *tids);
    job_t *jobs = calloc((size_t)threads, sizeof *jobs);
    for (int t = 0; t < threads; t++) {
        jobs[t] = (job_t){files, nfiles, t, threads, outdir, 0};
        if (pthread_create(&tids[t], NULL, worker, &jobs[t]) != 0) {
            perror("pthread_create");
            return 1;
        }
    }
    int failures = 0;
    for (int t = 0; t < threads; t++) {
        pthread_join(tids[t], NULL);
        failures += jobs[t].failures;
    }
    free(tids);
    free(jobs);
    if (durable) {
        int dir = open(outdir, O_RDONLY | O_DIRECTORY);
        if (dir < 0 || syncfs(dir) != 0) {
            perror(outdir);
            return 1;
        }
        close(dir);
    }
    if (failures)
        fprintf(stderr, "refrender: %d of %d glyphs failed\n", failures, nfiles);
    return failures ? 1 : 0;
}
