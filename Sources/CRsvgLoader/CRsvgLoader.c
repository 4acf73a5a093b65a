// Opens librsvg with dlopen and calls it through a table of function pointers typed from
// rsvg_api.h, so that iconforge starts without mapping librsvg and its ~50 dependencies.

#include "CRsvgLoader.h"
#include "rsvg_api.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// Where each system's packages put librsvg's runtime library, tried in order. On macOS,
// dlopen does not search Homebrew's prefix (/opt/homebrew on Apple silicon, /usr/local on
// Intel) unless told to, so those paths come first, then MacPorts', then the bare name
// (DYLD_LIBRARY_PATH, a bundled copy). ICONFORGE_LIBRSVG, when set, replaces the list.
#if defined(__APPLE__)
static const char *const candidates[] = {
    "/opt/homebrew/lib/librsvg-2.2.dylib",
    "/usr/local/lib/librsvg-2.2.dylib",
    "/opt/local/lib/librsvg-2.2.dylib",
    "librsvg-2.2.dylib",
};
#define IFRSVG_INSTALL_HINT "macOS: brew install librsvg"
#elif defined(__linux__)
static const char *const candidates[] = {"librsvg-2.so.2"};
#define IFRSVG_INSTALL_HINT "Debian: apt-get install librsvg2-2"
#else
#error "iconforge knows where librsvg is on Linux and macOS; add this system's library name"
#endif

const char *const ifrsvg_environment_variable = "ICONFORGE_LIBRSVG";

// The library that was opened (or, before that, the first one tried).
static const char *library_name = NULL;

// Written once under pthread_once, read-only afterwards: safe from any thread.
static struct {
#define IFRSVG_POINTER(name) __typeof__(name) *name;
    IFRSVG_FOR_EACH_FUNCTION(IFRSVG_POINTER)
#undef IFRSVG_POINTER
} api;
static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static char load_error[512];
static int loaded;
static char version[32];

static void copy_message(char *dst, size_t dst_size, const char *message) {
    if (dst == NULL || dst_size == 0) return;
    snprintf(dst, dst_size, "%s", message ? message : "unknown librsvg error");
}

// The library file the first caller of ifrsvg_load asked for ("" for the usual names): the
// executable reads ICONFORGE_LIBRSVG and passes it down, so this library reads no environment.
static char requested_path[4096];
static pthread_mutex_t request_lock = PTHREAD_MUTEX_INITIALIZER;
static int requested;

// Opens the requested library, or the first of `candidates` that opens.
// RTLD_LOCAL: librsvg's symbols stay out of the global namespace; they are only looked up
// here, in this library and the ones it depends on.
static void *open_library(void) {
    const char *override = requested_path;
    if (*override != '\0') {
        library_name = override;
        void *library = dlopen(override, RTLD_NOW | RTLD_LOCAL);
        if (library == NULL) {
            const char *reason = dlerror();
            snprintf(load_error, sizeof load_error,
                     "cannot load librsvg from %s, which %s names (%s); point it at librsvg 2.46 or later, or unset it",
                     override, ifrsvg_environment_variable, reason ? reason : "not found");
        }
        return library;
    }
    size_t count = sizeof candidates / sizeof candidates[0];
    library_name = candidates[0];
    char first_reason[256] = "not found";
    for (size_t index = 0; index < count; index++) {
        void *library = dlopen(candidates[index], RTLD_NOW | RTLD_LOCAL);
        if (library != NULL) {
            library_name = candidates[index];
            return library;
        }
        const char *reason = dlerror();
        if (index == 0 && reason != NULL) snprintf(first_reason, sizeof first_reason, "%s", reason);
    }
    char tried[256] = "";
    for (size_t index = 0; index < count; index++) {
        size_t used = strlen(tried);
        snprintf(tried + used, sizeof tried - used, "%s%s", index ? ", " : "", candidates[index]);
    }
    snprintf(load_error, sizeof load_error,
             "cannot load librsvg (tried %s: %s); iconforge renders with librsvg 2.46 or later (" IFRSVG_INSTALL_HINT
             "), or set %s to the library's path",
             tried, first_reason, ifrsvg_environment_variable);
    return NULL;
}

// librsvg evaluates systemLanguage from g_get_language_names(), which reads LANGUAGE first
// (then LC_ALL, LC_MESSAGES, LANG), and has no API to set the language. A PNG must not
// depend on the machine's language, so librsvg runs with LANGUAGE=C: no language matches,
// and a <switch> draws its child without systemLanguage. The iconforge executable sets it
// first thing, before any thread starts (a render worker is that executable too); here,
// once, before librsvg is first loaded, it is set for a process that embeds the library
// (the tests), which must not change it afterwards. Only when it differs: setenv while
// other threads read the environment is unsafe.
static void fix_language(void) {
    const char *language = getenv("LANGUAGE");
    if (language == NULL || strcmp(language, "C") != 0) setenv("LANGUAGE", "C", 1);
}

static void load(void) {
    fix_language();
    void *library = open_library();
    if (library == NULL) return;
#define IFRSVG_RESOLVE(name)                                                                          \
    api.name = (__typeof__(api.name))dlsym(library, #name);                                          \
    if (api.name == NULL) {                                                                            \
        snprintf(load_error, sizeof load_error, "%s has no %s: librsvg 2.46 or later is needed",    \
                 library_name, #name);                                                                 \
        return;                                                                                        \
    }
    IFRSVG_FOR_EACH_FUNCTION(IFRSVG_RESOLVE)
#undef IFRSVG_RESOLVE
    const guint *major = dlsym(library, "rsvg_major_version");
    const guint *minor = dlsym(library, "rsvg_minor_version");
    const guint *micro = dlsym(library, "rsvg_micro_version");
    if (major && minor && micro) snprintf(version, sizeof version, "%u.%u.%u", *major, *minor, *micro);
    loaded = 1;  // the library stays open for the life of the process
}

const char *ifrsvg_library_name(void) {
    pthread_once(&load_once, load);
    return library_name;
}

int ifrsvg_load(const char *path, char *error, size_t error_size) {
    pthread_mutex_lock(&request_lock);
    if (!requested) {
        requested = 1;
        if (path != NULL && strlen(path) < sizeof requested_path) {
            snprintf(requested_path, sizeof requested_path, "%s", path);
        } else if (path != NULL) {
            // Too long to be a path to open: fail loudly rather than open something else.
            snprintf(requested_path, sizeof requested_path, "%s", "/");
        }
    }
    pthread_mutex_unlock(&request_lock);
    pthread_once(&load_once, load);
    if (loaded) return 0;
    copy_message(error, error_size, load_error);
    return -1;
}

const char *ifrsvg_loaded_version(void) {
    pthread_once(&load_once, load);
    return version;
}

// Copies a GError's message out and frees it.
static void consume_error(GError *gerror, char *error, size_t error_size, const char *fallback) {
    if (gerror == NULL) {
        copy_message(error, error_size, fallback);
        return;
    }
    const char *message = ((struct ifrsvg_gerror_fields *)gerror)->message;
    copy_message(error, error_size, message && *message ? message : fallback);
    api.g_error_free(gerror);
}

static int is_absolute(gboolean has, RsvgLength length) {
    if (!has) return 0;
    switch (length.unit) {
    case RSVG_UNIT_IN: case RSVG_UNIT_CM: case RSVG_UNIT_MM: case RSVG_UNIT_PT: case RSVG_UNIT_PC: return 1;
    default: return 0;
    }
}

// Whether the root has no viewBox and a width or height in a physical unit.
static int absolute_without_view_box(RsvgHandle *handle) {
    gboolean has_width = 0, has_height = 0, has_view_box = 0;
    RsvgLength width = {0}, height = {0};
    RsvgRectangle view_box = {0};
    api.rsvg_handle_get_intrinsic_dimensions(handle, &has_width, &width, &has_height, &height, &has_view_box, &view_box);
    return !has_view_box && (is_absolute(has_width, width) || is_absolute(has_height, height));
}

ifrsvg_document *ifrsvg_open(const uint8_t *data, size_t size, char *error, size_t error_size) {
    if (ifrsvg_load(NULL, error, error_size) != 0) return NULL;
    GError *gerror = NULL;
    RsvgHandle *handle = api.rsvg_handle_new_from_data(data, size, &gerror);
    if (handle == NULL) {
        consume_error(gerror, error, error_size, "librsvg could not read the document");
        return NULL;
    }
    // 72 DPI: `pt` and `px` lengths agree. But a document with an absolute size (mm, pt, in)
    // and no viewBox has CSS px user units, 96 to the inch (librsvg derives the viewBox
    // from the size at the handle's DPI): its `width="6.35mm"` spans 24 units, as in
    // rsvg-convert, and is drawn onto the 18 pt viewport the caller gives.
    api.rsvg_handle_set_dpi(handle, absolute_without_view_box(handle) ? 96 : 72);
    return (ifrsvg_document *)handle;
}

void ifrsvg_close(ifrsvg_document *document) {
    if (document != NULL) api.g_object_unref(document);
}

static ifrsvg_unit unit_of(RsvgUnit unit) {
    switch (unit) {
    case RSVG_UNIT_PERCENT: return IFRSVG_UNIT_PERCENT;
    case RSVG_UNIT_PX: return IFRSVG_UNIT_PX;
    case RSVG_UNIT_EM: return IFRSVG_UNIT_EM;
    case RSVG_UNIT_EX: return IFRSVG_UNIT_EX;
    case RSVG_UNIT_IN: return IFRSVG_UNIT_IN;
    case RSVG_UNIT_CM: return IFRSVG_UNIT_CM;
    case RSVG_UNIT_MM: return IFRSVG_UNIT_MM;
    case RSVG_UNIT_PT: return IFRSVG_UNIT_PT;
    case RSVG_UNIT_PC: return IFRSVG_UNIT_PC;
    default: return IFRSVG_UNIT_OTHER;  // units added by later librsvg versions
    }
}

void ifrsvg_intrinsic_dimensions(ifrsvg_document *document, ifrsvg_dimensions *out) {
    gboolean has_width = 0, has_height = 0, has_view_box = 0;
    RsvgLength width = {0}, height = {0};
    RsvgRectangle view_box = {0};
    api.rsvg_handle_get_intrinsic_dimensions((RsvgHandle *)document, &has_width, &width, &has_height, &height,
                                             &has_view_box, &view_box);
    *out = (ifrsvg_dimensions){
        .has_width = has_width != 0, .width = width.length, .width_unit = unit_of(width.unit),
        .has_height = has_height != 0, .height = height.length, .height_unit = unit_of(height.unit),
        .has_view_box = has_view_box != 0,
        .view_box = {view_box.x, view_box.y, view_box.width, view_box.height},
    };
}

int ifrsvg_ink_rect(ifrsvg_document *document, ifrsvg_rect viewport, ifrsvg_rect *ink, char *error,
                    size_t error_size) {
    RsvgRectangle rsvg_viewport = {viewport.x, viewport.y, viewport.width, viewport.height};
    RsvgRectangle ink_rect = {0}, logical_rect = {0};
    GError *gerror = NULL;
    if (!api.rsvg_handle_get_geometry_for_layer((RsvgHandle *)document, NULL, &rsvg_viewport, &ink_rect,
                                                &logical_rect, &gerror)) {
        consume_error(gerror, error, error_size, "librsvg could not measure the document");
        return -1;
    }
    *ink = (ifrsvg_rect){ink_rect.x, ink_rect.y, ink_rect.width, ink_rect.height};
    return 0;
}

// A drawing context of its own on `surface` (checked by the caller), for the caller to
// destroy; NULL with a message when cairo cannot make one.
static cairo_t *drawing_context(cairo_surface_t *surface, char *error, size_t error_size) {
    cairo_t *context = api.cairo_create(surface);
    if (api.cairo_status(context) == CAIRO_STATUS_SUCCESS) return context;
    api.cairo_destroy(context);
    copy_message(error, error_size, "cairo could not create a drawing context");
    return NULL;
}

// Draws the document onto `surface` (checked by the caller), its viewport mapped to
// `viewport`, through a context of its own: 0, or -1 with a message.
static int draw(ifrsvg_document *document, cairo_surface_t *surface, ifrsvg_rect viewport, char *error,
                size_t error_size) {
    cairo_t *context = drawing_context(surface, error, error_size);
    if (context == NULL) return -1;
    int result = 0;
    RsvgRectangle rsvg_viewport = {viewport.x, viewport.y, viewport.width, viewport.height};
    GError *gerror = NULL;
    if (!api.rsvg_handle_render_document((RsvgHandle *)document, context, &rsvg_viewport, &gerror)) {
        consume_error(gerror, error, error_size, "librsvg could not render the document");
        result = -1;
    }
    api.cairo_destroy(context);
    return result;
}

int ifrsvg_recorded_ink_rect(ifrsvg_document *document, ifrsvg_rect viewport, ifrsvg_rect *ink, char *error,
                             size_t error_size) {
    // NULL extents: an unbounded recording surface, so ink beyond the viewport is kept.
    cairo_surface_t *surface = api.cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
    if (api.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        api.cairo_surface_destroy(surface);
        copy_message(error, error_size, "cairo could not create a recording surface");
        return -1;
    }
    int result = draw(document, surface, viewport, error, error_size);
    if (result == 0) {
        double x = 0, y = 0, width = 0, height = 0;
        api.cairo_recording_surface_ink_extents(surface, &x, &y, &width, &height);
        *ink = (ifrsvg_rect){x, y, width, height};
    }
    api.cairo_surface_destroy(surface);
    return result;
}

struct ifrsvg_recording {
    cairo_surface_t *surface;
    double width;
    double height;
};

ifrsvg_recording *ifrsvg_record(ifrsvg_document *document, double width, double height, char *error,
                                size_t error_size) {
    ifrsvg_recording *recording = malloc(sizeof *recording);
    if (recording == NULL) {
        copy_message(error, error_size, "no memory for a recording");
        return NULL;
    }
    // NULL extents: unbounded, so the bands beyond the viewport see what lies there.
    recording->surface = api.cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, NULL);
    recording->width = width;
    recording->height = height;
    int result = -1;
    if (api.cairo_surface_status(recording->surface) != CAIRO_STATUS_SUCCESS) {
        copy_message(error, error_size, "cairo could not create a recording surface");
    } else {
        result = draw(document, recording->surface, (ifrsvg_rect){0, 0, width, height}, error, error_size);
    }
    if (result != 0) {
        ifrsvg_recording_destroy(recording);
        return NULL;
    }
    return recording;
}

void ifrsvg_recording_destroy(ifrsvg_recording *recording) {
    if (recording == NULL) return;
    api.cairo_surface_destroy(recording->surface);
    free(recording);
}

// Paints `recording` onto `surface` with its origin at (x, y): 0, or -1 with a message.
static int replay(cairo_surface_t *recording, cairo_surface_t *surface, double x, double y, char *error,
                  size_t error_size) {
    cairo_t *context = drawing_context(surface, error, error_size);
    if (context == NULL) return -1;
    api.cairo_set_source_surface(context, recording, x, y);
    api.cairo_paint(context);
    api.cairo_destroy(context);
    return 0;
}

// Whether `value` is a whole number of pixels (in range for the conversion that tests it).
static int whole_pixels(double value) { return value > -1e15 && value < 1e15 && value == (double)(long long)value; }

int ifrsvg_render(ifrsvg_document *document, uint8_t *pixels, int width, int height, ifrsvg_rect viewport,
                  char *error, size_t error_size) {
    return ifrsvg_render_reusing(document, NULL, pixels, width, height, viewport, error, error_size);
}

int ifrsvg_render_reusing(ifrsvg_document *document, const ifrsvg_recording *reusable, uint8_t *pixels, int width,
                          int height, ifrsvg_rect viewport, char *error, size_t error_size) {
    if (width <= 0 || height <= 0 || api.cairo_format_stride_for_width(CAIRO_FORMAT_ARGB32, width) != width * 4) {
        copy_message(error, error_size, "cairo cannot use a canvas of that size");
        return -1;
    }
    cairo_surface_t *surface =
        api.cairo_image_surface_create_for_data(pixels, CAIRO_FORMAT_ARGB32, width, height, width * 4);
    if (api.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        api.cairo_surface_destroy(surface);
        copy_message(error, error_size, "cairo could not create a surface");
        return -1;
    }
    // librsvg gives every group it composites (opacity, a mask, a filter) a temporary surface
    // the size of the whole viewport in device pixels, whatever the canvas: a measuring band
    // of 40 x 2,300 pixels on a 2,240-pixel viewport clears and composites 20 MB per
    // translucent element. When the viewport is much larger than the canvas, the document is
    // drawn onto a recording surface bounded by the canvas instead (its temporary surfaces are
    // recordings, which hold no pixels), and that is replayed onto the canvas, where cairo
    // rasterises only what falls inside it. A canvas about the viewport's size (an output) is
    // drawn directly, as before.
    int result;
    int far_smaller = viewport.width * viewport.height > 4.0 * (double)width * (double)height;
    if (far_smaller && reusable != NULL && reusable->width == viewport.width && reusable->height == viewport.height &&
        whole_pixels(viewport.x) && whole_pixels(viewport.y)) {
        // The same recording, made once with the viewport at the origin, moved by whole
        // pixels: cairo replays it exactly as it replays one bounded by this canvas.
        result = replay(reusable->surface, surface, viewport.x, viewport.y, error, error_size);
    } else if (far_smaller) {
        cairo_rectangle_t extents = {0, 0, width, height};
        cairo_surface_t *recording = api.cairo_recording_surface_create(CAIRO_CONTENT_COLOR_ALPHA, &extents);
        if (api.cairo_surface_status(recording) != CAIRO_STATUS_SUCCESS) {
            copy_message(error, error_size, "cairo could not create a recording surface");
            result = -1;
        } else {
            result = draw(document, recording, viewport, error, error_size);
        }
        if (result == 0) result = replay(recording, surface, 0, 0, error, error_size);
        api.cairo_surface_destroy(recording);
    } else {
        result = draw(document, surface, viewport, error, error_size);
    }
    api.cairo_surface_flush(surface);
    api.cairo_surface_destroy(surface);
    return result;
}

void ifrsvg_alpha_maxima(const uint8_t *restrict pixels, int width, int height, int alpha_offset,
                         uint8_t *restrict columns, uint8_t *restrict rows) {
    for (int x = 0; x < width; x++) columns[x] = 0;
    for (int y = 0; y < height; y++) {
        const uint8_t *row = pixels + (size_t)y * (size_t)width * 4 + alpha_offset;
        uint8_t strongest = 0;
        for (int x = 0; x < width; x++) {
            uint8_t alpha = row[(size_t)x * 4];
            strongest = alpha > strongest ? alpha : strongest;
            columns[x] = alpha > columns[x] ? alpha : columns[x];
        }
        rows[y] = strongest;
    }
}

// What cairo's PDF or SVG surface writes, gathered in memory.
struct vector_bytes {
    uint8_t *data;
    size_t size;
    size_t capacity;
    int failed;
};

static cairo_status_t append_bytes(void *closure, const unsigned char *data, unsigned int length) {
    struct vector_bytes *bytes = closure;
    if (bytes->size + length > bytes->capacity) {
        size_t capacity = bytes->capacity ? bytes->capacity : 4096;
        while (capacity < bytes->size + length) capacity *= 2;
        uint8_t *grown = realloc(bytes->data, capacity);
        if (grown == NULL) {
            bytes->failed = 1;
            return (cairo_status_t)1;  // CAIRO_STATUS_NO_MEMORY: cairo stops writing
        }
        bytes->data = grown;
        bytes->capacity = capacity;
    }
    memcpy(bytes->data + bytes->size, data, length);
    bytes->size += length;
    return CAIRO_STATUS_SUCCESS;
}

int ifrsvg_render_vector(ifrsvg_document *document, ifrsvg_vector_format format, double width, double height,
                         ifrsvg_rect viewport, uint8_t **out, size_t *out_size, char *error, size_t error_size) {
    *out = NULL;
    *out_size = 0;
    struct vector_bytes bytes = {0};
    cairo_surface_t *surface = format == IFRSVG_VECTOR_PDF
                                   ? api.cairo_pdf_surface_create_for_stream(append_bytes, &bytes, width, height)
                                   : api.cairo_svg_surface_create_for_stream(append_bytes, &bytes, width, height);
    if (api.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS) {
        api.cairo_surface_destroy(surface);
        copy_message(error, error_size, "cairo could not create a vector surface");
        return -1;
    }
    if (format == IFRSVG_VECTOR_PDF) {
        // An empty date leaves /CreationDate and /ModDate out (cairo 1.16 otherwise writes
        // the time of the build), so the same glyph gives the same bytes.
        api.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_CREATE_DATE, "");
        api.cairo_pdf_surface_set_metadata(surface, CAIRO_PDF_METADATA_MOD_DATE, "");
    } else {
        // Unitless width and height: SVG user units, which iOS reads as points.
        api.cairo_svg_surface_set_document_unit(surface, CAIRO_SVG_UNIT_USER);
    }
    int result = draw(document, surface, viewport, error, error_size);
    // Finishing writes the page and the trailer through append_bytes.
    api.cairo_surface_finish(surface);
    if (result == 0 && (bytes.failed || api.cairo_surface_status(surface) != CAIRO_STATUS_SUCCESS)) {
        copy_message(error, error_size, bytes.failed ? "no memory for the vector file" : "cairo could not write the vector file");
        result = -1;
    }
    api.cairo_surface_destroy(surface);
    if (result != 0) {
        free(bytes.data);
        return -1;
    }
    *out = bytes.data;
    *out_size = bytes.size;
    return 0;
}

void ifrsvg_free_bytes(uint8_t *bytes) { free(bytes); }
