// librsvg for iconforge, opened on first use.
//
// A build where nothing changed renders nothing, yet linking librsvg would make every
// start of iconforge map librsvg, cairo, pango, harfbuzz, fontconfig, X11 and some 40
// more libraries: about 10 ms, a third of such a build. So librsvg is opened with
// dlopen when the first glyph is rendered, and this small API is all Swift sees.
// Every function is safe to call from any thread; a document is used by one at a time.
#ifndef ICONFORGE_CRSVGLOADER_H
#define ICONFORGE_CRSVGLOADER_H

#include <stddef.h>
#include <stdint.h>

typedef struct {
    double x;
    double y;
    double width;
    double height;
} ifrsvg_rect;

typedef enum {
    IFRSVG_UNIT_PERCENT,
    IFRSVG_UNIT_PX,
    IFRSVG_UNIT_EM,
    IFRSVG_UNIT_EX,
    IFRSVG_UNIT_IN,
    IFRSVG_UNIT_CM,
    IFRSVG_UNIT_MM,
    IFRSVG_UNIT_PT,
    IFRSVG_UNIT_PC,
    IFRSVG_UNIT_OTHER
} ifrsvg_unit;

typedef struct {
    int has_width;
    double width;
    ifrsvg_unit width_unit;
    int has_height;
    double height;
    ifrsvg_unit height_unit;
    int has_view_box;
    ifrsvg_rect view_box;
} ifrsvg_dimensions;

/// A parsed document (an RsvgHandle).
typedef struct ifrsvg_document ifrsvg_document;

/// The environment variable that names librsvg's library file for an unusual install
/// ("ICONFORGE_LIBRSVG"), for messages: the executable reads it and passes its value to
/// ifrsvg_load. Without one, the loader tries librsvg-2.so.2 on Linux (Debian's
/// librsvg2-2) and librsvg-2.2.dylib on macOS, in Homebrew's /opt/homebrew/lib and
/// /usr/local/lib, MacPorts' /opt/local/lib, then by name.
extern const char *const ifrsvg_environment_variable;

/// The library file opened (after the first use; the name first tried if none opened).
const char *ifrsvg_library_name(void);

/// Opens librsvg once per process: the library file at `path` when it is non-empty, else
/// the usual names; the first call's `path` decides (NULL: no preference). 0 when it is
/// usable, else -1 with a message.
int ifrsvg_load(const char *path, char *error, size_t error_size);

/// Parses `size` bytes of SVG at 72 DPI, without a base file (nothing outside the bytes
/// can be read). NULL with a message on failure.
ifrsvg_document *ifrsvg_open(const uint8_t *data, size_t size, char *error, size_t error_size);

void ifrsvg_close(ifrsvg_document *document);

void ifrsvg_intrinsic_dimensions(ifrsvg_document *document, ifrsvg_dimensions *out);

/// librsvg's ink rectangle of the document laid out in `viewport`: 0 on success (an empty
/// rectangle when nothing is painted), -1 with a message.
int ifrsvg_ink_rect(ifrsvg_document *document, ifrsvg_rect viewport, ifrsvg_rect *ink,
                    char *error, size_t error_size);

/// The extents of what the document draws laid out in `viewport`, from its geometry: it is
/// rendered onto a cairo recording surface, which rasterises nothing, and cairo bounds each
/// recorded fill and stroke (joins, miters and caps included) under its full transform,
/// rounded outward to whole units of `viewport`'s space. Unlike librsvg's own geometry API
/// (which in 2.54 misplaces strokes under rotations), this is what cairo will draw. Groups
/// librsvg composites through an intermediate surface (opacity, masks, filters) are not
/// bounded reliably: the rectangle may then be empty, negative or the filter region, so the
/// caller confirms it with pixels. 0 on success, -1 with a message.
int ifrsvg_recorded_ink_rect(ifrsvg_document *document, ifrsvg_rect viewport, ifrsvg_rect *ink,
                             char *error, size_t error_size);

/// Renders the document, its viewport mapped to `viewport`, onto `pixels`: a zeroed
/// `width` × `height` canvas of premultiplied native-endian ARGB32, `width * 4` bytes a
/// row. 0 on success, -1 with a message.
int ifrsvg_render(ifrsvg_document *document, uint8_t *pixels, int width, int height, ifrsvg_rect viewport,
                  char *error, size_t error_size);

/// A document drawn once onto a cairo recording surface (no pixels), its viewport at the
/// origin, for several bands of one measurement to replay instead of each drawing the
/// document again through librsvg.
typedef struct ifrsvg_recording ifrsvg_recording;
/// Records the document laid out in a `width` × `height` viewport at the origin (unbounded:
/// ink beyond the viewport is kept). NULL with a message on failure.
ifrsvg_recording *ifrsvg_record(ifrsvg_document *document, double width, double height, char *error,
                                size_t error_size);
void ifrsvg_recording_destroy(ifrsvg_recording *recording);
/// ifrsvg_render, taking the document from `recording` (NULL: none) where it would draw it
/// onto a recording anyway (a canvas far smaller than its viewport) and the recording was
/// made at the viewport's size, the viewport at whole pixels: the same pixels, without
/// librsvg drawing the document again.
int ifrsvg_render_reusing(ifrsvg_document *document, const ifrsvg_recording *recording, uint8_t *pixels, int width,
                          int height, ifrsvg_rect viewport, char *error, size_t error_size);
/// The strongest alpha of each column (`columns`, `width` bytes) and each row (`rows`,
/// `height` bytes) of `width` × `height` 4-byte pixels whose alpha is the byte at
/// `alpha_offset` of each. In C so that the compiler may vectorise it: the pixels and the
/// two results never overlap (Swift cannot promise that of three byte buffers).
void ifrsvg_alpha_maxima(const uint8_t *pixels, int width, int height, int alpha_offset, uint8_t *columns,
                         uint8_t *rows);

typedef enum { IFRSVG_VECTOR_PDF, IFRSVG_VECTOR_SVG } ifrsvg_vector_format;

/// Draws the document, its viewport mapped to `viewport` (in points), onto one page of
/// `width` × `height` points of cairo's PDF or SVG surface, and hands back the file: on
/// success (0) `*out` holds `*out_size` bytes from malloc, freed with ifrsvg_free_bytes;
/// -1 with a message otherwise. A PDF carries no creation or modification date.
int ifrsvg_render_vector(ifrsvg_document *document, ifrsvg_vector_format format, double width, double height,
                         ifrsvg_rect viewport, uint8_t **out, size_t *out_size, char *error, size_t error_size);

void ifrsvg_free_bytes(uint8_t *bytes);

/// librsvg's version as "major.minor.micro", once loaded ("" before).
const char *ifrsvg_loaded_version(void);

#endif
