#include "CRsvgAPICheck.h"

#include <librsvg/rsvg.h>
#include <cairo.h>
#include <cairo-pdf.h>
#include <cairo-svg.h>
#include <stddef.h>

// The loader's declarations, after the real ones: repeating a prototype is fine in C only
// when the two agree.
#define IFRSVG_REAL_TYPES 1
#include "../../Sources/CRsvgLoader/rsvg_api.h"
#include "../../Sources/CRsvgLoader/include/CRsvgLoader.h"

_Static_assert(offsetof(GError, domain) == offsetof(struct ifrsvg_gerror_fields, domain), "GError.domain");
_Static_assert(offsetof(GError, code) == offsetof(struct ifrsvg_gerror_fields, code), "GError.code");
_Static_assert(offsetof(GError, message) == offsetof(struct ifrsvg_gerror_fields, message), "GError.message");
_Static_assert(sizeof(gsize) == sizeof(size_t), "gsize");
_Static_assert(sizeof(gboolean) == sizeof(int), "gboolean");
_Static_assert(sizeof(RsvgRectangle) == sizeof(ifrsvg_rect), "RsvgRectangle");
_Static_assert(sizeof(RsvgLength) == 16 && offsetof(RsvgLength, unit) == 8, "RsvgLength");
_Static_assert(RSVG_UNIT_PERCENT == 0 && RSVG_UNIT_PX == 1 && RSVG_UNIT_EM == 2 && RSVG_UNIT_EX == 3 &&
                   RSVG_UNIT_IN == 4 && RSVG_UNIT_CM == 5 && RSVG_UNIT_MM == 6 && RSVG_UNIT_PT == 7 &&
                   RSVG_UNIT_PC == 8,
               "RsvgUnit");
_Static_assert(CAIRO_FORMAT_ARGB32 == 0 && CAIRO_STATUS_SUCCESS == 0 && CAIRO_CONTENT_COLOR_ALPHA == 0x3000, "cairo enums");

_Static_assert(CAIRO_PDF_METADATA_CREATE_DATE == 5 && CAIRO_PDF_METADATA_MOD_DATE == 6 && CAIRO_SVG_UNIT_USER == 0,
               "cairo vector enums");

int crsvgapicheck_header_major(void) { return LIBRSVG_MAJOR_VERSION; }
int crsvgapicheck_header_minor(void) { return LIBRSVG_MINOR_VERSION; }
