// The part of librsvg's C API (and of cairo and GLib beneath it) that iconforge calls,
// declared as librsvg 2.x's headers declare it. iconforge does not link librsvg; it
// opens it at run time (see CRsvgLoader.c) and calls these through function pointers.
//
// The test target CRsvgAPICheck compiles this file after the real headers, with
// IFRSVG_REAL_TYPES defined: a prototype that disagrees with the real one is then a
// compile error, and static assertions compare the layouts of the structs below.
#ifndef ICONFORGE_RSVG_API_H
#define ICONFORGE_RSVG_API_H

#ifndef IFRSVG_REAL_TYPES
typedef unsigned char guint8;
typedef unsigned int guint;
typedef int gboolean;
typedef unsigned long gsize;
typedef void *gpointer;
typedef struct _GError GError;
typedef struct _RsvgHandle RsvgHandle;
typedef struct _cairo cairo_t;
typedef struct _cairo_surface cairo_surface_t;

typedef struct {
    double x;
    double y;
    double width;
    double height;
} RsvgRectangle;

typedef enum {
    RSVG_UNIT_PERCENT,
    RSVG_UNIT_PX,
    RSVG_UNIT_EM,
    RSVG_UNIT_EX,
    RSVG_UNIT_IN,
    RSVG_UNIT_CM,
    RSVG_UNIT_MM,
    RSVG_UNIT_PT,
    RSVG_UNIT_PC
} RsvgUnit;

typedef struct {
    double length;
    RsvgUnit unit;
} RsvgLength;

typedef enum { CAIRO_STATUS_SUCCESS = 0 } cairo_status_t;
typedef enum { CAIRO_FORMAT_ARGB32 = 0 } cairo_format_t;
typedef enum { CAIRO_CONTENT_COLOR_ALPHA = 0x3000 } cairo_content_t;
typedef struct {
    double x, y, width, height;
} cairo_rectangle_t;
typedef cairo_status_t (*cairo_write_func_t)(void *closure, const unsigned char *data, unsigned int length);
typedef enum { CAIRO_PDF_METADATA_CREATE_DATE = 5, CAIRO_PDF_METADATA_MOD_DATE = 6 } cairo_pdf_metadata_t;
typedef enum { CAIRO_SVG_UNIT_USER = 0 } cairo_svg_unit_t;
#endif

// GError's public fields (glib/gerror.h), read to copy out a message.
struct ifrsvg_gerror_fields {
    unsigned int domain;
    int code;
    char *message;
};

RsvgHandle *rsvg_handle_new_from_data(const guint8 *data, gsize data_len, GError **error);
void rsvg_handle_set_dpi(RsvgHandle *handle, double dpi);
void rsvg_handle_get_intrinsic_dimensions(RsvgHandle *handle, gboolean *out_has_width, RsvgLength *out_width,
                                          gboolean *out_has_height, RsvgLength *out_height,
                                          gboolean *out_has_viewbox, RsvgRectangle *out_viewbox);
gboolean rsvg_handle_get_geometry_for_layer(RsvgHandle *handle, const char *id, const RsvgRectangle *viewport,
                                            RsvgRectangle *out_ink_rect, RsvgRectangle *out_logical_rect,
                                            GError **error);
gboolean rsvg_handle_render_document(RsvgHandle *handle, cairo_t *cr, const RsvgRectangle *viewport,
                                     GError **error);
void g_object_unref(gpointer object);
void g_error_free(GError *error);
int cairo_format_stride_for_width(cairo_format_t format, int width);
cairo_surface_t *cairo_image_surface_create_for_data(unsigned char *data, cairo_format_t format, int width,
                                                     int height, int stride);
cairo_surface_t *cairo_recording_surface_create(cairo_content_t content, const cairo_rectangle_t *extents);
void cairo_recording_surface_ink_extents(cairo_surface_t *surface, double *x0, double *y0, double *width,
                                         double *height);
cairo_status_t cairo_surface_status(cairo_surface_t *surface);
cairo_surface_t *cairo_pdf_surface_create_for_stream(cairo_write_func_t write_func, void *closure, double width_in_points,
                                                     double height_in_points);
void cairo_pdf_surface_set_metadata(cairo_surface_t *surface, cairo_pdf_metadata_t metadata, const char *utf8);
cairo_surface_t *cairo_svg_surface_create_for_stream(cairo_write_func_t write_func, void *closure, double width_in_points,
                                                     double height_in_points);
void cairo_svg_surface_set_document_unit(cairo_surface_t *surface, cairo_svg_unit_t unit);
void cairo_surface_finish(cairo_surface_t *surface);
void cairo_surface_flush(cairo_surface_t *surface);
void cairo_surface_destroy(cairo_surface_t *surface);
cairo_t *cairo_create(cairo_surface_t *target);
cairo_status_t cairo_status(cairo_t *cr);
void cairo_destroy(cairo_t *cr);
void cairo_set_source_surface(cairo_t *cr, cairo_surface_t *surface, double x, double y);
void cairo_paint(cairo_t *cr);

// The names, for dlsym, in the order of the pointer table in CRsvgLoader.c.
#define IFRSVG_FOR_EACH_FUNCTION(X)            \
    X(rsvg_handle_new_from_data)               \
    X(rsvg_handle_set_dpi)                     \
    X(rsvg_handle_get_intrinsic_dimensions)    \
    X(rsvg_handle_get_geometry_for_layer)      \
    X(rsvg_handle_render_document)             \
    X(g_object_unref)                          \
    X(g_error_free)                            \
    X(cairo_format_stride_for_width)           \
    X(cairo_image_surface_create_for_data)     \
    X(cairo_recording_surface_create)          \
    X(cairo_recording_surface_ink_extents)     \
    X(cairo_surface_status)                    \
    X(cairo_pdf_surface_create_for_stream)     \
    X(cairo_pdf_surface_set_metadata)          \
    X(cairo_svg_surface_create_for_stream)     \
    X(cairo_svg_surface_set_document_unit)     \
    X(cairo_surface_finish)                    \
    X(cairo_surface_flush)                     \
    X(cairo_surface_destroy)                   \
    X(cairo_create)                            \
    X(cairo_status)                            \
    X(cairo_destroy)                           \
    X(cairo_set_source_surface)                \
    X(cairo_paint)

#endif
